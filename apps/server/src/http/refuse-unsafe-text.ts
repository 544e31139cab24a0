import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@ledgerdesk/domain/http/unsafe-text';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './app-error';

/**
 * Refuses, with a 400, any /api request whose path parameters, query or JSON body hold a NUL character or a
 * lone surrogate, before a handler runs: the shared schemas refuse them too, but this also covers routes
 * whose bodies a library reads (better-auth) and any route added later. PostgreSQL cannot store such text.
 */
export function registerUnsafeTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const parts = { params: request.params, query: request.query, body: request.body };
    const found = findUnsafeText(parts);
    if (found !== null)
      throw badRequest(`${found.replace(/^(params|query|body)\.?/, '') || 'input'}: ${UNSAFE_TEXT_MESSAGE}`);
  });
}
