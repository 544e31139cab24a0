import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export type GraphErrorBody = {
  error: {
    code: string;
    message: string;
    innerError: { date: string; 'request-id': string; 'client-request-id': string };
  };
};

export function graphErrorBody(code: string, message: string): GraphErrorBody {
  const requestId = randomUUID();
  return {
    error: {
      code,
      message,
      innerError: {
        date: new Date().toISOString().slice(0, 19),
        'request-id': requestId,
        'client-request-id': requestId,
      },
    },
  };
}

export function sendGraphError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
): FastifyReply {
  return reply.code(status).header('request-id', randomUUID()).send(graphErrorBody(code, message));
}

export const GRAPH_NOT_FOUND = 'The specified object was not found in the store.';

export function sendItemNotFound(reply: FastifyReply): FastifyReply {
  return sendGraphError(reply, 404, 'ErrorItemNotFound', GRAPH_NOT_FOUND);
}

export function sendAccessDenied(reply: FastifyReply): FastifyReply {
  return sendGraphError(
    reply,
    403,
    'ErrorAccessDenied',
    'Access is denied. Check credentials and try again.',
  );
}

export function sendBadRequest(
  reply: FastifyReply,
  message: string,
  code = 'ErrorInvalidRequest',
): FastifyReply {
  return sendGraphError(reply, 400, code, message);
}

/** Outlook's throttling answer (also used for 10,000-requests-per-10-minutes and injected 429s). */
export function sendThrottled(reply: FastifyReply, retryAfterSeconds: number | undefined): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('Retry-After', String(retryAfterSeconds));
  return sendGraphError(
    reply,
    429,
    'ApplicationThrottled',
    'Application is over its MailboxConcurrency limit.',
  );
}
