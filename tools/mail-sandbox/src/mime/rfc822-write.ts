import { encodeHeaderText, encodeQuotedPrintable, wrapBase64 } from './encoding';
import type { MimeNode } from './mime-tree';

const ADDRESS_HEADERS = new Set(['from', 'to', 'cc', 'bcc', 'reply-to']);

/** Serializes a MIME tree to RFC 822 bytes with CRLF line endings. */
export function writeRfc822(node: MimeNode): Buffer {
  return Buffer.from(renderNode(node), 'utf8');
}

function renderNode(node: MimeNode): string {
  const head = node.headers
    .map((header) => `${header.name}: ${encodeHeader(header.name, header.value)}`)
    .join('\r\n');
  if (node.parts && node.boundary) {
    const parts = node.parts.map((part) => `--${node.boundary}\r\n${renderNode(part)}\r\n`).join('');
    return `${head}\r\n\r\n${parts}--${node.boundary}--\r\n`;
  }
  const data = node.data?.() ?? Buffer.alloc(0);
  const encoding = node.headers.find((header) => header.name === 'Content-Transfer-Encoding')?.value;
  const body = encoding === 'base64' ? wrapBase64(data) : encodeQuotedPrintable(data.toString('utf8'));
  return `${head}\r\n\r\n${body}`;
}

function encodeHeader(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'subject') return encodeHeaderText(value);
  if (ADDRESS_HEADERS.has(lower)) {
    return value.replace(
      /(^|,\s*)([^<,]+?)\s*</g,
      (_m, sep: string, display: string) => `${sep}${encodeHeaderText(display)} <`,
    );
  }
  return value;
}
