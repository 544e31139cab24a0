import { describe, expect, it } from 'vitest';
import { generateMessages } from '../seed/generate-messages';
import { createMailbox } from '../store/mailbox';
import { decodeHeaderText, decodeQuotedPrintable, encodeHeaderText, encodeQuotedPrintable } from './encoding';
import { buildMimeTree } from './mime-tree';
import { parseRfc822 } from './rfc822-parse';
import { writeRfc822 } from './rfc822-write';

describe('RFC 822', () => {
  it('round-trips encoded words and quoted-printable text', () => {
    expect(decodeHeaderText(encodeHeaderText('Year-end – draft'))).toBe('Year-end – draft');
    const text = `Line one – with a dash\nand a very long line ${'x'.repeat(120)}`;
    expect(decodeQuotedPrintable(encodeQuotedPrintable(text)).toString('utf8')).toBe(
      text.replace(/\n/g, '\r\n'),
    );
  });

  it('writes generated messages that parse back to the same text, HTML and attachments', () => {
    const mailbox = createMailbox({ address: 'alex@example.test', provider: 'gmail' });
    generateMessages(mailbox, 200, Date.now());
    const message =
      mailbox.messages.find(
        (m) => m?.attachments.some((a) => a.isInline) && m.attachments.some((a) => !a.isInline),
      ) ?? mailbox.messages.find((m) => m && m.attachments.length > 0);
    expect(message).toBeDefined();
    if (!message) return;
    const parsed = parseRfc822(writeRfc822(buildMimeTree(mailbox, message)));
    expect(parsed.headers.get('subject')).toBe(message.subject);
    expect(parsed.headers.get('message-id')).toBe(message.internetMessageId);
    const byName = (a: [string, number], b: [string, number]) => a[0].localeCompare(b[0]);
    expect(
      parsed.attachments.map((a): [string, number] => [a.filename, a.content.length]).sort(byName),
    ).toEqual(message.attachments.map((a): [string, number] => [a.name, a.size]).sort(byName));
    expect(parsed.text ?? parsed.html).toBeTruthy();
  });

  it('generates the mix the brief asks for: threads, HTML and text, inline and remote images, long CC lists', () => {
    const mailbox = createMailbox({ address: 'alex@example.test', provider: 'office365' });
    generateMessages(mailbox, 2000, Date.now());
    const messages = mailbox.messages.filter((m) => m !== undefined);
    const sizes = [...mailbox.threads.values()].map((thread) => thread.size);
    expect(Math.max(...sizes)).toBe(8);
    expect(sizes.filter((size) => size >= 2).length / sizes.length).toBeGreaterThan(0.8);
    const bodies = messages.map((m) => (m.body.kind === 'generated' ? m.body.isHtml : false));
    expect(bodies.filter(Boolean).length / messages.length).toBeGreaterThan(0.5);
    expect(messages.some((m) => m.attachments.some((a) => a.isInline && a.contentId))).toBe(true);
    expect(messages.some((m) => m.cc.length >= 6)).toBe(true);
    expect(messages.some((m) => m.attachments.some((a) => a.name.endsWith('.xlsx')))).toBe(true);
    const remote = messages.find((m) => m.body.kind === 'generated' && m.subject.includes('practice update'));
    expect(remote).toBeDefined();
  });
});
