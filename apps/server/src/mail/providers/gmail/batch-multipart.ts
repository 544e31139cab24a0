import crypto from 'node:crypto';
import { ProviderError } from '../../core/transport/provider-error';

export type BatchPartRequest = { id: string; method: 'GET' | 'POST'; path: string; body?: unknown };
export type BatchPartResponse = { id: string; status: number; headers: Record<string, string>; body: string };

/** A Google batch body: one `application/http` part per request, each with a Content-ID. */
export function buildBatchBody(requests: readonly BatchPartRequest[]): { boundary: string; body: string } {
  const boundary = `batch_${crypto.randomBytes(12).toString('hex')}`;
  const parts = requests.map((request) => {
    const payload = request.body === undefined ? '' : JSON.stringify(request.body);
    const headers = payload
      ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n`
      : '';
    return (
      `--${boundary}\r\nContent-Type: application/http\r\nContent-ID: <${request.id}>\r\n\r\n` +
      `${request.method} ${request.path}\r\nAccept: application/json\r\n${headers}\r\n${payload}\r\n`
    );
  });
  return { boundary, body: `${parts.join('')}--${boundary}--\r\n` };
}

function splitHead(text: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(text);
  if (!match) return { head: text, body: '' };
  return { head: text.slice(0, match.index), body: text.slice(match.index + match[0].length) };
}

function parseHeaders(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * Parses a multipart/mixed batch answer; Content-ID `<response-X>` is matched back to request id X. An
 * answer without a boundary or cut off before its closing boundary fails as a bad_response.
 */
export function parseBatchResponse(contentType: string | null, text: string): BatchPartResponse[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (!boundary) {
    throw new ProviderError(
      'bad_response',
      `Gmail answered a batch without a multipart boundary (${contentType ?? 'no content type'}).`,
    );
  }
  if (!text.includes(`--${boundary}--`)) {
    throw new ProviderError(
      'bad_response',
      `Gmail answered a batch with a truncated multipart body (${text.split(`--${boundary}`).length - 1} part boundaries, no closing boundary).`,
    );
  }
  const responses: BatchPartResponse[] = [];
  for (const chunk of text.split(`--${boundary}`)) {
    const part = chunk.replace(/^\r?\n/, '');
    if (part.trim() === '' || part.startsWith('--')) continue;
    const outer = splitHead(part);
    const contentId = parseHeaders(outer.head.split(/\r?\n/))['content-id'] ?? '';
    const inner = splitHead(outer.body);
    const [statusLine = '', ...headerLines] = inner.head.split(/\r?\n/);
    const status = Number(/^HTTP\/[\d.]+\s+(\d{3})/.exec(statusLine.trim())?.[1] ?? 0);
    responses.push({
      id: contentId.replace(/^<|>$/g, '').replace(/^response-/, ''),
      status,
      headers: parseHeaders(headerLines),
      body: inner.body.trim(),
    });
  }
  return responses;
}
