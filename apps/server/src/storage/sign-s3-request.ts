import crypto from 'node:crypto';

export type S3Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

export type SignableRequest = {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** Hex SHA-256 of the body ("e3b0..." for an empty one). */
  payloadHash: string;
};

const sha256Hex = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data).digest();

/** Hex SHA-256 of a request body, as S3 wants it in x-amz-content-sha256. */
export function hashPayload(body: Buffer | string = ''): string {
  return sha256Hex(body);
}

// RFC 3986 encoding, as SigV4 requires (encodeURIComponent leaves !'()* alone).
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Signs an S3 request with AWS Signature Version 4 (header form) at `now`, returning the headers to send:
 * the given ones plus host, x-amz-date, x-amz-content-sha256 and authorization.
 */
export function signS3Request(
  request: SignableRequest,
  credentials: S3Credentials,
  now: Date = new Date(),
): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: request.url.host,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': request.payloadHash,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${headers[name]}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalPath = request.url.pathname
    .split('/')
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = [...request.url.searchParams.entries()]
    .map(([key, value]) => [encodeRfc3986(key), encodeRfc3986(value)])
    .sort(([a = '', x = ''], [b = '', y = '']) => (a === b ? x.localeCompare(y) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'),
    'aws4_request',
  );
  const signature = crypto.createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}
