import type { FastifyInstance } from 'fastify';
import { forbidden } from './app-error';

export const CROSS_SITE_REFUSED = 'Cross-site requests are not allowed.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const CROSS_SITE_FETCH = new Set(['cross-site', 'same-site']);

/**
 * CSRF defence in depth on top of SameSite=Lax cookies: a state-changing /api request that names an Origin
 * must come from this server's own origin or a trusted one; `Origin: null` (sandboxed frames, data: URLs,
 * some redirects) is refused, and so is a request without an Origin that the browser marks as cross-site
 * (`Sec-Fetch-Site`). Non-browser clients send neither header and pass.
 */
export function registerSameOriginGuard(app: FastifyInstance, trustedOrigins: string[]): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin === 'null') throw forbidden(CROSS_SITE_REFUSED);
    if (!origin) {
      if (CROSS_SITE_FETCH.has(String(request.headers['sec-fetch-site'])))
        throw forbidden(CROSS_SITE_REFUSED);
      return;
    }
    const ownOrigin = `${request.protocol}://${request.headers.host}`;
    if (origin !== ownOrigin && !trustedOrigins.includes(origin)) {
      throw forbidden(CROSS_SITE_REFUSED);
    }
  });
}
