import crypto from 'node:crypto';

export type Part = { field: string; filename?: string; contentType?: string; body: Buffer | string };

/** A multipart/form-data body for app.inject, built by hand so the tests control every byte. */
export function multipartBody(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ledgerdesk${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.field}"; filename="${part.filename}"`
      : `form-data; name="${part.field}"`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.from(part.body), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** JPEG magic bytes followed by filler: enough for content detection. */
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.alloc(64, 1),
]);

/** A file field named `file`, as the profile page sends it. */
export function avatarFile(body: Buffer | string, filename = 'avatar.png', contentType = 'image/png') {
  return multipartBody([{ field: 'file', filename, contentType, body }]);
}
