import type { AvatarStorage } from './avatar-storage';
import { hashPayload, type S3Credentials, signS3Request } from './sign-s3-request';

export type S3Options = S3Credentials & { bucket: string; endpoint: string };

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Avatars in an S3-compatible bucket (AWS S3, MinIO, R2, ...), spoken to over plain HTTPS with SigV4 and
 * path-style addressing: `{endpoint}/{bucket}/avatars/{userId}/avatar.{ext}`.
 */
export function createS3AvatarStorage(options: S3Options): AvatarStorage {
  const base = options.endpoint.replace(/\/+$/, '');

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    const url = new URL(`${base}/${encodeURIComponent(options.bucket)}/avatars/${key}`);
    const headers = signS3Request(
      {
        method,
        url,
        headers: contentType ? { 'content-type': contentType } : {},
        payloadHash: hashPayload(body ?? ''),
      },
      options,
    );
    // host is set by fetch itself from the URL; sending it again is refused by undici.
    const { host: _host, ...sendHeaders } = headers;
    return fetch(url, {
      method,
      headers: sendHeaders,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }

  async function expectOk(response: Response, action: string): Promise<void> {
    if (response.ok) return;
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    throw new Error(`S3 ${action} failed with ${response.status}: ${detail}`);
  }

  return {
    kind: 's3',
    async put(userId, fileName, bytes, contentType) {
      await expectOk(await send('PUT', `${userId}/${fileName}`, bytes, contentType), 'upload');
    },
    async get(userId, fileName) {
      const response = await send('GET', `${userId}/${fileName}`);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      await expectOk(response, 'download');
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(userId, fileName) {
      const response = await send('DELETE', `${userId}/${fileName}`);
      if (response.status === 404) return;
      await expectOk(response, 'delete');
    },
  };
}
