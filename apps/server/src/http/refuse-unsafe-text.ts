import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@ledgerdesk/domain/http/unsafe-text';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from './app-error';

/**
 * Refuses, with a 400, a JSON body that is not UTF-8, and any /api request whose path parameters, query or
 * JSON body hold a NUL character or a lone surrogate, before a handler runs: the shared schemas refuse them
 * too, but this also covers routes whose bodies a library reads (better-auth) and any route added later.
 * PostgreSQL cannot store such text.
 */
export function registerUnsafeTextGuard(app: FastifyInstance): void {
  refuseBrokenUtf8Json(app);
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const parts = { params: request.params, query: request.query, body: request.body };
    const found = findUnsafeText(parts);
    if (found !== null)
      throw badRequest(`${found.replace(/^(params|query|body)\.?/, '') || 'input'}: ${UNSAFE_TEXT_MESSAGE}`);
  });
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies must be UTF-8 (RFC 8259): Fastify's own parser would read broken bytes as U+FFFD and let a
 * handler store that in place of what the client meant. This one refuses them, then parses as Fastify does.
 */
function refuseBrokenUtf8Json(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(new AppError(400, 'bad_request', 'The request body is not valid UTF-8 text.'), undefined);
      return;
    }
    // Fastify's parser answers through `done` (it is typed as possibly returning a promise; it never does).
    void parseJson(request, text, done);
  });
}
