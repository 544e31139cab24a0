import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test-support/harness';

let h: Harness;
let token = '';

beforeAll(async () => {
  h = await createHarness();
  token = (await h.connect('gmail')).accessToken;
});
afterAll(() => h.close());

function batchBody(boundary: string, parts: { id: string; request: string; body?: string }[]): string {
  return `${parts
    .map(
      (part) =>
        `--${boundary}\r\nContent-Type: application/http\r\nContent-ID: <${part.id}>\r\n\r\n${part.request}\r\n${
          part.body ? `Content-Type: application/json\r\n\r\n${part.body}\r\n` : '\r\n'
        }`,
    )
    .join('')}--${boundary}--\r\n`;
}

function splitResponse(contentType: string, body: string) {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1] ?? '';
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [, contentId] = /Content-ID: <([^>]+)>/.exec(part) ?? [];
      const [, status] = /HTTP\/1\.1 (\d{3})/.exec(part) ?? [];
      const json = part.slice(part.indexOf('{'), part.lastIndexOf('}') + 1);
      return { contentId, status: Number(status), json: json ? JSON.parse(json) : undefined };
    });
}

describe('Gmail batch', () => {
  it('answers each application/http part in a multipart/mixed response', async () => {
    const list = (await h.gmail('GET', '/messages', { token, query: { maxResults: '2' } })).json();
    const [a, b] = list.messages;
    const response = await h.call('POST', '/sandbox/gmail/batch/gmail/v1', {
      token,
      headers: { 'content-type': 'multipart/mixed; boundary=batch_test' },
      body: batchBody('batch_test', [
        {
          id: 'item1',
          request: `GET /gmail/v1/users/me/messages/${a.id}?format=metadata&metadataHeaders=Subject`,
        },
        {
          id: 'item2',
          request: `POST /gmail/v1/users/me/messages/${b.id}/modify HTTP/1.1`,
          body: '{"removeLabelIds":["UNREAD"]}',
        },
        { id: 'item3', request: 'GET /gmail/v1/users/me/messages/ffffffffffffffff' },
      ]),
    });
    expect(response.statusCode).toBe(200);
    const contentType = String(response.headers['content-type']);
    expect(contentType).toMatch(/^multipart\/mixed; boundary=batch_/);
    const parts = splitResponse(contentType, response.body);
    expect(parts.map((part) => [part.contentId, part.status])).toEqual([
      ['response-item1', 200],
      ['response-item2', 200],
      ['response-item3', 404],
    ]);
    expect(parts[0]?.json.id).toBe(a.id);
    expect(parts[1]?.json.labelIds).not.toContain('UNREAD');
    expect(parts[2]?.json.error.status).toBe('NOT_FOUND');
  });

  it('rejects more than 100 parts', async () => {
    const parts = Array.from({ length: 101 }, (_, i) => ({
      id: `i${i}`,
      request: 'GET /gmail/v1/users/me/profile',
    }));
    const response = await h.call('POST', '/sandbox/gmail/batch/gmail/v1', {
      token,
      headers: { 'content-type': 'multipart/mixed; boundary=xyz' },
      body: batchBody('xyz', parts),
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 inside each part when the token is missing', async () => {
    const response = await h.call('POST', '/sandbox/gmail/batch/gmail/v1', {
      headers: { 'content-type': 'multipart/mixed; boundary=xyz' },
      body: batchBody('xyz', [{ id: 'p', request: 'GET /gmail/v1/users/me/profile' }]),
    });
    const [part] = splitResponse(String(response.headers['content-type']), response.body);
    expect(part?.status).toBe(401);
  });
});
