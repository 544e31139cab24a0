import { describe, expect, it } from 'vitest';
import { buildMimeMessage, encodeHeaderWord, htmlToText } from './build-mime';

function headerBlock(raw: string): string {
  return raw.split('\r\n\r\n')[0] ?? '';
}

describe('buildMimeMessage', () => {
  const raw = buildMimeMessage({
    from: 'alex@firm.test',
    to: ['client@client.test', 'Finance <finance@client.test>'],
    cc: ['partner@firm.test'],
    subject: 'Re: Q3 VAT return',
    html: '<p>Thanks — the <b>return</b> is filed.</p>',
    inReplyTo: 'orig@client.test',
    references: ['first@client.test', 'orig@client.test'],
    date: new Date('2025-03-01T10:00:00Z'),
  });

  it('writes the threading headers of a reply', () => {
    const headers = headerBlock(raw);
    expect(headers).toContain('In-Reply-To: <orig@client.test>');
    expect(headers).toContain('References: <first@client.test> <orig@client.test>');
    expect(headers).toContain('Subject: Re: Q3 VAT return');
    expect(headers).toContain('To: client@client.test, Finance <finance@client.test>');
    expect(headers).toContain('Cc: partner@firm.test');
    expect(headers).toContain('Date: Sat, 01 Mar 2025 10:00:00 +0000');
    expect(headers).toMatch(/Content-Type: multipart\/alternative; boundary="ld_[0-9a-f]+"/);
  });

  it('carries the HTML and a plain-text alternative in base64 UTF-8', () => {
    const parts = [
      ...raw.matchAll(/Content-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/g),
    ].map((match) => Buffer.from((match[1] ?? '').replace(/\r\n/g, ''), 'base64').toString('utf8'));
    expect(parts).toEqual(['Thanks — the return is filed.', '<p>Thanks — the <b>return</b> is filed.</p>']);
    expect(raw.split('\r\n').every((line) => line.length <= 998)).toBe(true);
  });

  it('keeps a line break in a subject from injecting headers', () => {
    const injected = buildMimeMessage({
      from: 'a@firm.test',
      to: ['b@firm.test'],
      cc: [],
      subject: 'Hi\r\nBcc: spy@evil.test',
      html: 'x',
    });
    expect(headerBlock(injected)).not.toMatch(/^Bcc:/m);
  });

  it('encodes non-ASCII subjects as RFC 2047 words without splitting characters', () => {
    const subject = 'Jahresabschluss für Müller & Söhne — bitte prüfen 🙂'.repeat(2);
    const encoded = encodeHeaderWord(subject);
    const words = encoded.split('\r\n ');
    expect(words.every((word) => /^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/.test(word) && word.length <= 75)).toBe(
      true,
    );
    const decoded = words.map((word) => Buffer.from(word.slice(10, -2), 'base64').toString('utf8')).join('');
    expect(decoded).toBe(subject);
    expect(encodeHeaderWord('Plain subject')).toBe('Plain subject');
  });

  it('renders HTML as readable text', () => {
    expect(htmlToText('<p>Line one</p><p>Line&nbsp;two<br>three</p>')).toBe('Line one\nLine two\nthree');
  });

  it('never splits words or detaches punctuation at inline tags', () => {
    expect(htmlToText('<p>Thanks — <b>confirmed</b>.</p>')).toBe('Thanks — confirmed.');
    expect(htmlToText('<p>con<b>firm</b>ed</p>')).toBe('confirmed');
    expect(
      htmlToText('<p>See <a href="https://x.test">the <i>report</i></a>, <span style="x">please</span>!</p>'),
    ).toBe('See the report, please!');
    expect(htmlToText('<table><tr><td>A</td><td>B</td></tr></table>')).toBe('A B');
  });
});
