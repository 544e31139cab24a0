export type Timed<T> = { status: number; body: T; serverMs: number; wallMs: number };

/** A signed-in user of the app under test: its session cookie and the app's address. */
export type Session = { baseUrl: string; cookie: string; userId: string; email: string };

/** No single request of the bench may take longer (a pathological plan must not stall the run). */
export const REQUEST_TIMEOUT_MS = 180_000;

/** Thrown for an answer the benchmark did not expect; the run stops with it (a real error). */
export class UnexpectedResponse extends Error {}

/**
 * One request over loopback HTTP with the session cookie (and the app's own Origin on writes, as the
 * browser sends it). Answers the body, the wall time and the server's own time (Server-Timing `app`).
 */
export async function call<T>(
  session: Pick<Session, 'baseUrl' | 'cookie'>,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  expected: readonly number[] = [200, 201],
): Promise<Timed<T>> {
  const headers: Record<string, string> = { cookie: session.cookie };
  if (method !== 'GET') headers.origin = session.baseUrl;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(`${session.baseUrl}${path}`, {
    method,
    headers,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const wallMs = performance.now() - started;
  if (!expected.includes(response.status)) {
    throw new UnexpectedResponse(`${method} ${path} answered ${response.status}: ${text.slice(0, 400)}`);
  }
  const timing = /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as T,
    serverMs: timing ? Number(timing[1]) : Number.NaN,
    wallMs,
  };
}

/** A plain JSON request without a session (the sandbox's control API). */
export async function callJson<T>(
  url: string,
  method: 'GET' | 'POST' | 'DELETE',
  body?: unknown,
): Promise<T> {
  const response = await fetch(url, {
    method,
    ...(body !== undefined
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      : {}),
  });
  const text = await response.text();
  if (!response.ok)
    throw new UnexpectedResponse(`${method} ${url} answered ${response.status}: ${text.slice(0, 400)}`);
  return (text ? JSON.parse(text) : null) as T;
}
