/** The one error shape every API answer uses: `{error: {code, message}}`. */
export type ApiErrorBody = { error: { code: string; message: string; details?: unknown } };

export const API_ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'too_many_requests',
  'permission_denied',
  'invalid_data',
  'provider_error',
  'internal_error',
  'database_unavailable',
  'storage_full',
] as const;

/** The answer (503, with Retry-After) of a request that needed the database while it was unreachable. */
export const DATABASE_UNAVAILABLE = {
  code: 'database_unavailable',
  message: 'Ledgerdesk cannot reach its database right now. Trying again in a few seconds.',
  retryAfterSeconds: 5,
} as const;

/**
 * The answer (503, with Retry-After) of a change asked for while the embedded database's disk is (almost) full:
 * changes are paused, reading goes on, nothing saved is lost (decision 041).
 */
export const STORAGE_FULL = {
  code: 'storage_full',
  message:
    "Ledgerdesk's disk is almost full, so changes are paused. Everything saved so far is kept; try again once space is freed.",
  retryAfterSeconds: 30,
} as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number] | (string & {});

/** Narrows an unknown JSON value to the API error shape. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'message' in error && 'code' in error;
}
