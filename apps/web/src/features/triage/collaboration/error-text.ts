import { ApiError } from '../../../lib/api-client';

/** A failed request's message for a toast's description (nothing for what is not an error). */
export function errorText(error: unknown) {
  return error instanceof ApiError || error instanceof Error ? error.message : '';
}
