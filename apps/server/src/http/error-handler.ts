import type { FastifyError, FastifyInstance } from 'fastify';
import { isCheckViolation, isRlsViolation, pgErrorInfo } from '../db/pg-error';
import { AppError } from './app-error';

const INVALID_DATA = 'Invalid data format. Please refresh the page and try again.';
const PERMISSION_DENIED = "You don't have permission to update this item.";
const UNEXPECTED = 'An unexpected error occurred. Please try again.';

/**
 * One error handler for the whole API: user-facing errors keep their message, database refusals map to the
 * spec's texts, and anything else is logged in full but answered with a plain 500 and no detail.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
      });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return reply.status(400).send({ error: { code: 'validation_failed', message: fastifyError.message } });
    }
    const pg = pgErrorInfo(error);
    if (isRlsViolation(pg))
      return reply.status(403).send({ error: { code: 'permission_denied', message: PERMISSION_DENIED } });
    if (isCheckViolation(pg) || pg?.code === '22P02' || pg?.code === '22001') {
      return reply.status(400).send({ error: { code: 'invalid_data', message: INVALID_DATA } });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is too large.'
            : fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type.'
              : fastifyError.message;
      return reply.status(status).send({ error: { code: codeForStatus(status), message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'internal_error', message: UNEXPECTED } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` },
    });
  });
}

function codeForStatus(status: number): string {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'too_many_requests';
  return 'bad_request';
}
