import { credentialsSchema } from '@ledgerdesk/domain/auth/credentials';
import { AUTH_MESSAGES } from '@ledgerdesk/domain/auth/messages';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { parseInput } from '../http/parse-input';
import type { Auth } from './create-auth';
import type { SignInLimiter } from './sign-in-limiter';

/**
 * Mounts better-auth under /api/auth. Sign-in and sign-up bodies are validated here first (spec §5), sign-in
 * is rate-limited per IP and per account, and the library's error answers are reshaped into the API's
 * `{error: {code, message}}` form.
 */
export async function authRoutes(
  app: FastifyInstance,
  { auth, limiter }: { auth: Auth; limiter: SignInLimiter },
) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { rawBody: false },
    async handler(request, reply) {
      const path = request.url.split('?')[0] ?? '';
      const isSignIn = path === '/api/auth/sign-in/email';
      const isSignUp = path === '/api/auth/sign-up/email';
      let email = '';
      if (isSignIn || isSignUp) {
        const body = parseInput(credentialsSchema.passthrough(), request.body);
        email = body.email;
        if (isSignIn && (await limiter.isOverLimit(request.ip, email))) {
          throw new AppError(429, 'too_many_requests', AUTH_MESSAGES.tooManyAttempts);
        }
      }
      const response = await auth.handler(toWebRequest(request));
      if (isSignIn && response.ok) await limiter.clearAccount(email);
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = await response.text();
      if (response.status >= 400) {
        const parsed = safeJson(text) as { code?: string; message?: string } | null;
        return reply.type('application/json').send({
          error: {
            code: (parsed?.code ?? 'auth_error').toLowerCase(),
            message: parsed?.message || response.statusText || 'Request failed',
          },
        });
      }
      return reply.send(text || null);
    },
  });
}

function toWebRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers: fromNodeHeaders(request.headers),
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
