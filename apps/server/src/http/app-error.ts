import type { ApiErrorCode } from '@ledgerdesk/domain/http/api-error';

/** An error whose message is meant for the user; the error handler sends it as `{error: {code, message}}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'validation_failed', message, details);
export const unauthorized = (message = 'You must be logged in to do that.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
