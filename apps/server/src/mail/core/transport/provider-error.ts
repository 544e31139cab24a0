export type ProviderErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'throttled'
  | 'unavailable'
  | 'timeout'
  | 'network'
  | 'cursor_expired'
  | 'invalid_grant'
  | 'bad_request'
  /** An answer that is not what the API documents (not JSON, empty, a truncated batch). */
  | 'bad_response'
  | 'unknown';

/** A failed call to a mail provider, classified so each operation can map it to its spec §8 catalogue. */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status: number | null = null,
    /** The provider's own error code (Graph `error.code`, Google `error.status` / reason, OAuth `error`). */
    readonly providerCode: string | null = null,
    /** How long the provider asked to wait (Retry-After), when it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The error kind of an HTTP status that is not a success. */
export function kindForStatus(status: number): ProviderErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 410) return 'cursor_expired';
  if (status === 429) return 'throttled';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'unavailable';
  if (status >= 400) return 'bad_request';
  return 'unknown';
}

/** Whether a thrown value is a ProviderError of one of `kinds`. */
export function isProviderError(error: unknown, ...kinds: ProviderErrorKind[]): error is ProviderError {
  return error instanceof ProviderError && (kinds.length === 0 || kinds.includes(error.kind));
}

/**
 * The JSON body of a successful provider answer. An empty body or one that is not JSON (an HTML error page
 * from a proxy, say) fails this one call with a precise bad_response error instead of a parser's message.
 */
export async function readJsonAnswer<T>(response: Response, service: string): Promise<T> {
  const text = await response.text();
  const where = `${service} answered ${new URL(response.url || 'http://unknown/').pathname} (HTTP ${response.status}`;
  const type = response.headers.get('content-type') ?? 'no content type';
  if (text.trim() === '')
    throw new ProviderError('bad_response', `${where}) with an empty body.`, response.status);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ProviderError(
      'bad_response',
      `${where}, ${type}) with a body that is not JSON.`,
      response.status,
    );
  }
}
