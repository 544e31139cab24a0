/** Repeated query parameters (`labelIds=A&labelIds=B`) arrive as arrays; single ones as strings. */
export function queryList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list
    .flatMap((item) => String(item).split(','))
    .map((item) => item.trim())
    .filter(Boolean);
}

export function queryNumber(value: unknown, fallback: number, max: number): number {
  const parsed = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(parsed) && parsed > 0 ? Math.min(Math.floor(parsed), max) : fallback;
}

export function queryFlag(value: unknown): boolean {
  return value === 'true' || value === true || value === '1';
}

export function encodePageToken(position: number): string {
  return Buffer.from(`p${position}`).toString('base64url');
}

export function decodePageToken(token: unknown): number | undefined {
  if (typeof token !== 'string' || token === '') return undefined;
  const match = /^p(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : Number.NaN;
}
