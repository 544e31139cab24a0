import type { FastifyInstance } from 'fastify';
import { forbidden } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth on top of SameSite=Lax cookies: a state-changing /api request that names an Origin
 * must come from this server's own origin or a trusted one.
 */
export function registerSameOriginGuard(app: FastifyInstance, trustedOrigins: string[]): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (!origin || origin === 'null') return;
    const ownOrigin = `${request.protocol}://${request.headers.host}`;
    if (origin !== ownOrigin && !trustedOrigins.includes(origin)) {
      throw forbidden('Cross-site requests are not allowed.');
    }
  });
}
