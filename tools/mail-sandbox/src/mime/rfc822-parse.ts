import { decodeHeaderText, decodeQuotedPrintable, headerParam } from './encoding';

export type ParsedPart = { headers: Map<string, string>; body: Buffer };

export type ParsedAttachment = {
  filename: string;
  contentType: string;
  contentId?: string;
  isInline: boolean;
  content: Buffer;
};

export type ParsedMail = {
  headers: Map<string, string>;
  text?: string;
  html?: string;
  attachments: ParsedAttachment[];
};

/** Splits a header block (unfolding continuation lines); names are lower-cased. */
export function parseHeaderBlock(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

/** Splits `headers CRLF CRLF body`. */
export function splitHeadAndBody(raw: Buffer): { head: string; body: Buffer } {
  const text = raw.toString('latin1');
  const match = /\r?\n\r?\n/.exec(text);
  if (!match) return { head: text, body: Buffer.alloc(0) };
  return { head: text.slice(0, match.index), body: raw.subarray(match.index + match[0].length) };
}

/** Parses an RFC 822 message (as sent through Gmail messages.send) into text, HTML and attachments. */
export function parseRfc822(raw: Buffer): ParsedMail {
  const { head, body } = splitHeadAndBody(raw);
  const headers = parseHeaderBlock(Buffer.from(head, 'latin1').toString('utf8'));
  for (const name of ['subject', 'from', 'to', 'cc', 'bcc']) {
    const value = headers.get(name);
    if (value !== undefined) headers.set(name, decodeHeaderText(value));
  }
  const mail: ParsedMail = { headers, attachments: [] };
  collect(mail, headers, body);
  return mail;
}

function collect(mail: ParsedMail, headers: Map<string, string>, body: Buffer): void {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const mimeType = contentType.split(';')[0]?.trim().toLowerCase() ?? 'text/plain';
  const boundary = headerParam(contentType, 'boundary');
  if (mimeType.startsWith('multipart/') && boundary) {
    for (const part of splitMultipart(body, boundary)) collect(mail, part.headers, part.body);
    return;
  }
  const content = decodeBody(body, headers.get('content-transfer-encoding'));
  const disposition = headers.get('content-disposition') ?? '';
  const filename = headerParam(disposition, 'filename') ?? headerParam(contentType, 'name');
  const isAttachment = /^attachment/i.test(disposition) || filename !== undefined;
  if (!isAttachment && mimeType === 'text/plain' && mail.text === undefined)
    mail.text = content.toString('utf8');
  else if (!isAttachment && mimeType === 'text/html' && mail.html === undefined)
    mail.html = content.toString('utf8');
  else {
    const contentId = headers.get('content-id')?.replace(/^<|>$/g, '');
    mail.attachments.push({
      filename: filename ?? 'attachment',
      contentType: mimeType,
      ...(contentId ? { contentId } : {}),
      isInline:
        /^inline/i.test(disposition) || (contentId !== undefined && !/^attachment/i.test(disposition)),
      content,
    });
  }
}

/** Parts between `--boundary` delimiters, each with its own headers. */
export function splitMultipart(body: Buffer, boundary: string): ParsedPart[] {
  const text = body.toString('latin1');
  const delimiter = `--${boundary}`;
  const parts: ParsedPart[] = [];
  let index = text.indexOf(delimiter);
  while (index !== -1) {
    const start = index + delimiter.length;
    if (text.startsWith('--', start)) break;
    const next = text.indexOf(delimiter, start);
    const end = next === -1 ? text.length : next;
    const chunk = text
      .slice(start, end)
      .replace(/^[ \t]*\r?\n/, '')
      .replace(/\r?\n$/, '');
    const bare = /^\r?\n/.exec(chunk);
    const split = bare
      ? { head: '', body: Buffer.from(chunk.slice(bare[0].length), 'latin1') }
      : splitHeadAndBody(Buffer.from(chunk, 'latin1'));
    parts.push({ headers: parseHeaderBlock(split.head), body: split.body });
    index = next;
  }
  return parts;
}

function decodeBody(body: Buffer, encoding: string | undefined): Buffer {
  const kind = encoding?.trim().toLowerCase();
  if (kind === 'base64') return Buffer.from(body.toString('latin1').replace(/\s+/g, ''), 'base64');
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body.toString('latin1'));
  return body;
}
