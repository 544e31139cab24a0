import { DATABASE_UNAVAILABLE, isApiErrorBody } from '@ledgerdesk/domain/http/api-error';
import { reportDatabaseReachable, reportDatabaseUnavailable } from './connection-state';

/** An API answer that was not 2xx, carrying the server's code and user-facing message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** The server's Retry-After, in seconds, when it gave one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type RequestOptions = Omit<RequestInit, 'body'> & { body?: unknown; timeoutMs?: number };

/**
 * Calls the Ledgerdesk API with the session cookie, JSON in and out. Errors come back as ApiError with the
 * server's message; a network failure becomes an ApiError with code "network_error".
 */
export async function api<T>(
  path: string,
  { body, timeoutMs, headers, ...init }: RequestOptions = {},
): Promise<T> {
  const controller = new AbortController();
  const timer = timeoutMs ? setTimeout(() => controller.abort(), timeoutMs) : undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      signal: init.signal ?? controller.signal,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        accept: 'application/json',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (controller.signal.aborted) throw new ApiError(0, 'timeout', 'Request timed out');
    throw new ApiError(
      0,
      'network_error',
      error instanceof Error ? `Network error: ${error.message}` : 'Network error',
    );
  } finally {
    if (timer) clearTimeout(timer);
  }
  const text = await response.text();
  const data: unknown = text ? safeParse(text) : null;
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    if (isApiErrorBody(data)) {
      if (data.error.code === DATABASE_UNAVAILABLE.code) reportDatabaseUnavailable();
      throw new ApiError(
        response.status,
        data.error.code,
        data.error.message,
        data.error.details,
        Number.isFinite(retryAfter) ? retryAfter : undefined,
      );
    }
    throw new ApiError(
      response.status,
      'http_error',
      response.statusText || `Request failed (${response.status})`,
    );
  }
  reportDatabaseReachable();
  return data as T;
}

/** Whether `error` is the server's answer that its database is unreachable for now (503, retried). */
export function isDatabaseUnavailableError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === DATABASE_UNAVAILABLE.code;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
