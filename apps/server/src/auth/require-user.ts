import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/app-error';
import type { Auth } from './create-auth';

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** Loads the signed-in user (if any) for every /api request, from the session cookie. */
export function registerSessionLoader(app: FastifyInstance, auth: Auth): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (session) {
      const { id, email, name, emailVerified } = session.user;
      request.user = { id, email, name, emailVerified };
    }
  });
}

/** The signed-in user, or a 401 with the spec's "You must be logged in to ..." wording. */
export function requireUser(request: FastifyRequest, action = 'do that'): SessionUser {
  if (!request.user) throw unauthorized(`You must be logged in to ${action}.`);
  return request.user;
}
