import { AUTH_MESSAGES } from '@ledgerdesk/domain/auth/messages';
import { DATABASE_UNAVAILABLE, STORAGE_FULL } from '@ledgerdesk/domain/http/api-error';
import { INVALID_DATA_FORMAT, ITEM_PERMISSION_DENIED } from '@ledgerdesk/domain/triage/item-update-messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseReachable, isDatabaseUnavailable } from '../db/database-unavailable';
import {
  isCheckViolation,
  isInvalidValue,
  isRlsViolation,
  isStorageFailure,
  pgErrorInfo,
} from '../db/pg-error';
import { AppError } from './app-error';

/** Fastify's own 4xx codes whose default message names internals; each gets a plain sentence. */
const CLIENT_ERROR_TEXTS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its length.',
  FST_ERR_BAD_URL: 'The address of this request is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address of this request is too long.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not a multipart upload.',
  FST_PARTS_LIMIT: 'Please upload one image at a time.',
  FST_FILES_LIMIT: 'Please upload one image at a time.',
  FST_FIELDS_LIMIT: 'Please upload one image at a time.',
};
const MALFORMED_UPLOAD = 'The upload is malformed. Please choose the image again.';
/** busboy (under @fastify/multipart) throws plain Errors for a broken body; these are their messages. */
const MULTIPART_FAILURES =
  /^(Multipart: Boundary not found|Unexpected end of (form|multipart data)|Malformed part header|Malformed urlencoded form)/;

/**
 * One error handler for the whole API: user-facing errors keep their message, database refusals of bad values
 * map to the spec's texts, and every 5xx is logged with its cause and the request id but answered with the
 * spec's generic text and that id: no library message, SQL, parameter or stack ever reaches a client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError | AppError | Error, request, reply) => {
    const serverError = (status: number, code: string, message: string) => {
      request.log.error({ err: error, requestId: request.id }, 'request failed');
      return reply.status(status).send({ error: { code, message, requestId: request.id } });
    };
    if (error instanceof AppError) {
      if (error.statusCode >= 500) return serverError(error.statusCode, error.code, error.message);
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
      return reply
        .status(403)
        .send({ error: { code: 'permission_denied', message: ITEM_PERMISSION_DENIED } });
    if (isCheckViolation(pg) || isInvalidValue(pg)) {
      request.log.info({ pgCode: pg?.code }, 'database refused a value');
      return reply.status(400).send({ error: { code: 'invalid_data', message: INVALID_DATA_FORMAT } });
    }
    if (isStorageFailure(pg)) {
      // The disk is full (or failing): the change is not saved and the caller is told so; the embedded database's
      // watch looks again at once, so what follows is refused before it reaches the disk (decision 041).
      void (app.hasDecorator('database') ? app.database.disk?.check() : undefined);
      return answerStorageFull(request, reply);
    }
    if (MULTIPART_FAILURES.test(error.message))
      return reply.status(400).send({ error: { code: 'bad_request', message: MALFORMED_UPLOAD } });
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        CLIENT_ERROR_TEXTS[fastifyError.code] ??
        (error instanceof SyntaxError
          ? CLIENT_ERROR_TEXTS.FST_ERR_CTP_INVALID_JSON_BODY
          : fastifyError.message);
      return reply.status(status).send({ error: { code: codeForStatus(status), message } });
    }
    // A database that is down, restarting or failing over is an outage, not a bug: 503 with Retry-After, for
    // load balancers and the web app to wait on. An error that does not say so itself is checked with a probe.
    if (isDatabaseUnavailable(error) || (app.hasDecorator('db') && !(await isDatabaseReachable(app.db))))
      return answerDatabaseUnavailable(request, reply);
    return serverError(500, 'internal_error', AUTH_MESSAGES.unexpectedError);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` },
    });
  });
}

/**
 * The answer of a request that needed the database while it was unreachable: 503, Retry-After and one short
 * sentence. Logged as one line without the error: a failed query's text and parameters (a session token) stay
 * out of the log.
 */
export function answerDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.log.warn({ requestId: request.id }, 'database unavailable: answered 503');
  return reply
    .status(503)
    .header('retry-after', String(DATABASE_UNAVAILABLE.retryAfterSeconds))
    .send({ error: { code: DATABASE_UNAVAILABLE.code, message: DATABASE_UNAVAILABLE.message } });
}

/** A change asked for while the database's disk is full: 503 with Retry-After, nothing saved (decision 041). */
export function answerStorageFull(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.log.warn({ requestId: request.id }, 'storage full: answered 503');
  return reply
    .status(503)
    .header('retry-after', String(STORAGE_FULL.retryAfterSeconds))
    .send({ error: { code: STORAGE_FULL.code, message: STORAGE_FULL.message } });
}

/**
 * Fastify's `frameworkErrors` option: a URL the router cannot read (broken percent-encoding, a parameter over
 * its length limit) is refused before any route or the error handler runs, by default in Fastify's own shape
 * with the URL echoed back. This answers it in the API shape with a plain sentence instead.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message = CLIENT_ERROR_TEXTS[error.code];
  const status = error.statusCode ?? 500;
  if (message && status >= 400 && status < 500) {
    reply.status(status).send({ error: { code: codeForStatus(status), message } });
    return;
  }
  request.log.error({ err: error, requestId: request.id }, 'request failed');
  reply.status(500).send({
    error: { code: 'internal_error', message: AUTH_MESSAGES.unexpectedError, requestId: request.id },
  });
}

const CODES_BY_STATUS: Record<number, string> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  406: 'bad_request',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

function codeForStatus(status: number): string {
  return CODES_BY_STATUS[status] ?? 'bad_request';
}
