import crypto from 'node:crypto';
import { decodeEntities, stripTags } from '@ledgerdesk/domain/triage/preview-text';

export type MimeInput = {
  from: string;
  to: readonly string[];
  cc: readonly string[];
  subject: string;
  html: string;
  /** Message id (without angle brackets) of the message answered. */
  inReplyTo?: string | null;
  /** Message ids (without angle brackets) of the thread so far, oldest first. */
  references?: readonly string[];
  date?: Date;
};

/** Header values never carry line breaks (no header injection from a subject or an address). */
function single(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** RFC 2047 encoded words for non-ASCII text, each at most 75 characters and never splitting a character. */
export function encodeHeaderWord(text: string): string {
  const value = single(text);
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let chunk = '';
  for (const char of value) {
    if (Buffer.byteLength(chunk + char) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join('\r\n ');
}

/** Folds a list of tokens over several lines (RFC 5322 §2.2.3) so no line passes 78 characters. */
function fold(name: string, tokens: readonly string[]): string {
  let line = `${name}:`;
  const lines: string[] = [];
  for (const token of tokens) {
    if (line.length + token.length + 1 > 78 && line !== `${name}:`) {
      lines.push(line);
      line = '';
    }
    line += ` ${token}`;
  }
  lines.push(line);
  return lines.join('\r\n');
}

function base64Lines(text: string): string {
  return (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n');
}

/** A plain-text rendering of the HTML body for the text/plain alternative. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|tr|h[1-6])>/gi, '\n');
  return decodeEntities(stripTags(withBreaks))
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An RFC 5322 message (multipart/alternative, UTF-8, base64 parts) with the threading headers of a reply. */
export function buildMimeMessage(input: MimeInput): string {
  const boundary = `ld_${crypto.randomBytes(12).toString('hex')}`;
  const headers = [
    `From: ${single(input.from)}`,
    fold(
      'To',
      input.to.map((address) => `${single(address)},`),
    ).replace(/,$/, ''),
    ...(input.cc.length > 0
      ? [
          fold(
            'Cc',
            input.cc.map((address) => `${single(address)},`),
          ).replace(/,$/, ''),
        ]
      : []),
    `Subject: ${encodeHeaderWord(input.subject)}`,
    `Date: ${(input.date ?? new Date()).toUTCString().replace('GMT', '+0000')}`,
    ...(input.inReplyTo ? [`In-Reply-To: <${single(input.inReplyTo)}>`] : []),
    ...(input.references && input.references.length > 0
      ? [
          fold(
            'References',
            input.references.map((id) => `<${single(id)}>`),
          ),
        ]
      : []),
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  const part = (type: string, content: string) =>
    `--${boundary}\r\nContent-Type: ${type}; charset="UTF-8"\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(content)}\r\n`;
  return `${headers.join('\r\n')}\r\n\r\n${part('text/plain', htmlToText(input.html))}${part('text/html', input.html)}--${boundary}--\r\n`;
}
