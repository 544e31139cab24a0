import { STATUS_CODES } from 'node:http';
import { headerParam } from '../mime/encoding';
import { parseHeaderBlock, splitHeadAndBody, splitMultipart } from '../mime/rfc822-parse';

export type BatchPart = {
  contentId?: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
};

export type PartResponse = {
  contentId?: string;
  status: number;
  headers: Record<string, string>;
  body: string;
};

/** Parses a Google batch body: multipart/mixed parts of Content-Type application/http. */
export function parseBatchBody(contentType: string | undefined, body: Buffer): BatchPart[] | string {
  const boundary = headerParam(contentType, 'boundary');
  if (!boundary) return 'Missing boundary in multipart/mixed Content-Type.';
  const parts: BatchPart[] = [];
  for (const part of splitMultipart(body, boundary)) {
    const { head, body: payload } = splitHeadAndBody(part.body);
    const lines = head.split(/\r?\n/);
    const requestLine = /^([A-Z]+)\s+(\S+)(?:\s+HTTP\/[\d.]+)?$/.exec((lines.shift() ?? '').trim());
    if (!requestLine?.[1] || !requestLine[2]) return 'Each batch part must start with an HTTP request line.';
    const headers: Record<string, string> = {};
    for (const [name, value] of parseHeaderBlock(lines.join('\r\n'))) headers[name] = value;
    const text = Buffer.from(payload).toString('utf8').trim();
    const contentId = part.headers.get('content-id')?.replace(/^<|>$/g, '');
    parts.push({
      ...(contentId ? { contentId } : {}),
      method: requestLine[1],
      path: requestLine[2],
      headers,
      ...(text ? { body: text } : {}),
    });
  }
  return parts;
}

/** The multipart/mixed answer, one application/http part per request, Content-ID `<response-…>`. */
export function renderBatchResponse(boundary: string, responses: PartResponse[]): string {
  const parts = responses.map((response) => {
    const contentId = response.contentId ? `Content-ID: <response-${response.contentId}>\r\n` : '';
    const headers = Object.entries(response.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const statusText = STATUS_CODES[response.status] ?? '';
    return `--${boundary}\r\nContent-Type: application/http\r\n${contentId}\r\nHTTP/1.1 ${response.status} ${statusText}\r\n${headers}\r\n${response.body}\r\n`;
  });
  return `${parts.join('')}--${boundary}--\r\n`;
}
