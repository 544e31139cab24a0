import { describe, expect, it } from 'vitest';
import { buildBatchBody, parseBatchResponse } from './batch-multipart';

describe('Gmail batch bodies', () => {
  it('writes one application/http part per call with its Content-ID', () => {
    const { boundary, body } = buildBatchBody([
      { id: 'm0', method: 'GET', path: '/gmail/v1/users/me/messages/abc?format=full' },
      {
        id: 'm1',
        method: 'POST',
        path: '/gmail/v1/users/me/messages/def/modify',
        body: { removeLabelIds: ['INBOX'] },
      },
    ]);
    expect(
      body.startsWith(
        `--${boundary}\r\nContent-Type: application/http\r\nContent-ID: <m0>\r\n\r\nGET /gmail/v1/users/me/messages/abc?format=full\r\n`,
      ),
    ).toBe(true);
    expect(body).toContain(
      'POST /gmail/v1/users/me/messages/def/modify\r\nAccept: application/json\r\nContent-Type: application/json\r\nContent-Length: 28\r\n\r\n{"removeLabelIds":["INBOX"]}',
    );
    expect(body.endsWith(`--${boundary}--\r\n`)).toBe(true);
  });

  it('reads a multipart/mixed answer back to the calls by Content-ID', () => {
    const answer = [
      '--batch_xyz',
      'Content-Type: application/http',
      'Content-ID: <response-m1>',
      '',
      'HTTP/1.1 429 Too Many Requests',
      'Content-Type: application/json; charset=UTF-8',
      'Retry-After: 2',
      '',
      '{"error":{"code":429,"message":"Too many"}}',
      '--batch_xyz',
      'Content-Type: application/http',
      'Content-ID: <response-m0>',
      '',
      'HTTP/1.1 200 OK',
      'Content-Type: application/json; charset=UTF-8',
      '',
      '{"id":"abc","threadId":"t1"}',
      '--batch_xyz--',
      '',
    ].join('\r\n');
    const parts = parseBatchResponse('multipart/mixed; boundary=batch_xyz', answer);
    expect(parts).toEqual([
      {
        id: 'm1',
        status: 429,
        headers: { 'content-type': 'application/json; charset=UTF-8', 'retry-after': '2' },
        body: '{"error":{"code":429,"message":"Too many"}}',
      },
      {
        id: 'm0',
        status: 200,
        headers: { 'content-type': 'application/json; charset=UTF-8' },
        body: '{"id":"abc","threadId":"t1"}',
      },
    ]);
    expect(() => parseBatchResponse('application/json', answer)).toThrow(/boundary/);
  });
});
