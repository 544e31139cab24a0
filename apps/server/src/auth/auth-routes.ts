import { credentialsBodySchema } from '@ledgerdesk/domain/auth/account-changes';
import { AUTH_MESSAGES } from '@ledgerdesk/domain/auth/messages';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDatabaseReachable } from '../db/database-unavailable';
import { AppError } from '../http/app-error';
import { declareRoute } from '../http/define-route';
import { answerDatabaseUnavailable } from '../http/error-handler';
import { parseInput } from '../http/parse-input';
import { applyAccountChangeRules } from './account-change-rules';
import { AUTH_ROUTES } from './auth-route-declarations';
import type { Auth } from './create-auth';
import type { KnownDevices } from './known-device';
import type { Mailer } from './mailer';
import type { SignInLimiter } from './sign-in-limiter';

export type AuthRouteOptions = {
  auth: Auth;
  limiter: SignInLimiter;
  knownDevices: KnownDevices;
  mailer: Mailer | null;
};

const SIGN_IN_NOTICE_SUBJECT = 'Unusual sign-in attempts on your Ledgerdesk account';
const SIGN_IN_NOTICE_TEXT = `Someone has tried many wrong passwords for your Ledgerdesk account in the last few minutes.

You can still sign in from a browser you have used before. If this was not you, change your password on
the Profile page; it is safe to ignore this message if you have just mistyped your password.
`;

/**
 * Mounts better-auth under /api/auth. Sign-in and sign-up bodies are validated here first (spec §5), sign-in
 * is rate-limited (see sign-in-limiter: no one can lock an owner out), account changes follow the rules of
 * account-change-rules, and the library's error answers are reshaped into the API's `{error: {code, message}}`
 * form.
 */
export async function authRoutes(
  app: FastifyInstance,
  { auth, limiter, knownDevices, mailer }: AuthRouteOptions,
) {
  for (const route of AUTH_ROUTES) declareRoute(app, route);
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { rawBody: false },
    async handler(request, reply) {
      const path = request.url.split('?')[0] ?? '';
      const isSignIn = path === '/api/auth/sign-in/email';
      const isSignUp = path === '/api/auth/sign-up/email';
      let email = '';
      let body = request.body;
      if (isSignIn || isSignUp) {
        email = parseInput(credentialsBodySchema, request.body).email;
        if (isSignIn) await refuseOverLimit(request, email);
      } else if (request.method === 'POST') {
        body = await applyAccountChangeRules(auth, path, request);
      }
      const response = await auth.handler(toWebRequest(request, body));
      const cookies = response.headers.getSetCookie();
      if ((isSignIn || isSignUp) && response.ok) {
        if (isSignIn) await limiter.clearClient(email, request.ip);
        cookies.push(knownDevices.cookieFor(email));
      }
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = await response.text();
      if (response.status >= 500 && !(await isDatabaseReachable(app.db))) {
        // The library answers a lost database with a 500 of its own: an outage is a 503 like every route's.
        reply.removeHeader('content-type');
        return answerDatabaseUnavailable(request, reply);
      }
      if (response.status >= 500) {
        // The library's own failure: logged with its text, answered like every other 5xx.
        request.log.error(
          { requestId: request.id, status: response.status, body: text.slice(0, 2000) },
          'auth failed',
        );
        return reply.type('application/json').send({
          error: { code: 'internal_error', message: AUTH_MESSAGES.unexpectedError, requestId: request.id },
        });
      }
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

  async function refuseOverLimit(request: FastifyRequest, email: string): Promise<void> {
    const verdict = await limiter.check({
      ip: request.ip,
      email,
      isKnownDevice: knownDevices.isKnown(request.headers.cookie, email),
    });
    if (verdict.hasAccountBudgetJustRunOut) await noticeOwner(request, email);
    if (verdict.isRefused) throw new AppError(429, 'too_many_requests', AUTH_MESSAGES.tooManyAttempts);
  }

  /** Tells the account's owner (when mail is set up) and the logs that someone is guessing the password. */
  async function noticeOwner(request: FastifyRequest, email: string): Promise<void> {
    request.log.warn({ account: email }, 'sign-in attempt budget used up: the account is under attack');
    try {
      await mailer?.send({ to: email, subject: SIGN_IN_NOTICE_SUBJECT, text: SIGN_IN_NOTICE_TEXT });
    } catch (error) {
      request.log.error({ err: error }, 'could not send the sign-in notice');
    }
  }
}

function toWebRequest(request: FastifyRequest, body: unknown): Request {
  const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined;
  return new Request(url, {
    method: request.method,
    headers: fromNodeHeaders(request.headers),
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
