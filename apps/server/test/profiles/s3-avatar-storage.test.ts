import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { avatarFile, JPEG_BYTES, PNG_1X1 } from './multipart';

type Stored = { body: Buffer; contentType: string | undefined };

/** A stand-in S3 endpoint: checks the SigV4 header shape and the body hash, keeps objects in memory. */
function startFakeS3(): Promise<{ url: string; objects: Map<string, Stored>; close(): Promise<void> }> {
  const objects = new Map<string, Stored>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const auth = request.headers.authorization ?? '';
      const hash = crypto.createHash('sha256').update(body).digest('hex');
      const isSigned =
        /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-west-2\/s3\/aws4_request,SignedHeaders=[a-z0-9;-]+,Signature=[0-9a-f]{64}$/.test(
          auth,
        ) && request.headers['x-amz-content-sha256'] === hash;
      if (!isSigned) {
        response.writeHead(403).end('SignatureDoesNotMatch');
        return;
      }
      const key = request.url ?? '';
      if (request.method === 'PUT') {
        objects.set(key, { body, contentType: request.headers['content-type'] });
        response.writeHead(200).end();
      } else if (request.method === 'GET') {
        const object = objects.get(key);
        if (object) response.writeHead(200).end(object.body);
        else response.writeHead(404).end('NoSuchKey');
      } else if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
      } else response.writeHead(405).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        objects,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe('avatar storage in an S3-compatible bucket', () => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let user: { cookie: string; userId: string };

  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestApp('pglite', {
      S3_BUCKET: 'ledgerdesk-avatars',
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_REGION: 'eu-west-2',
    });
    user = await signUp(t.app, 's3.user@firm.test');
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('uploads to {bucket}/avatars/{userId}/avatar.{ext}, serves it back, and replaces it', async () => {
    const upload = async (body: Buffer) => {
      const file = avatarFile(body);
      return t.app.inject({
        method: 'POST',
        url: '/api/profile/avatar',
        headers: { ...file.headers, cookie: user.cookie },
        payload: file.payload,
      });
    };
    const first = await upload(PNG_1X1);
    expect(first.statusCode).toBe(200);
    const key = `/ledgerdesk-avatars/avatars/${user.userId}/avatar.png`;
    expect(s3.objects.get(key)).toEqual({ body: PNG_1X1, contentType: 'image/png' });

    const served = await t.app.inject({
      method: 'GET',
      url: first.json().profile.avatarUrl,
      headers: { cookie: user.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(PNG_1X1);

    expect((await upload(JPEG_BYTES)).statusCode).toBe(200);
    expect([...s3.objects.keys()]).toEqual([`/ledgerdesk-avatars/avatars/${user.userId}/avatar.jpg`]);
  });

  it('refuses to start with half an S3 configuration', async () => {
    expect(() => parseEnv({ S3_BUCKET: 'only-a-bucket' })).toThrow(/S3_BUCKET/);
  });
});
