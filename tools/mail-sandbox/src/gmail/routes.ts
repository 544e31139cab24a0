import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { authenticate, setRequestAuth } from '../oauth/authenticate';
import { gmailCostOf } from '../quota/gmail-method-costs';
import { consumeGmailUnits } from '../quota/gmail-quota';
import { registerBatchRoute } from './batch-route';
import {
  backendErrorBody,
  googleErrorBody,
  rateLimitBody,
  sendGoogleError,
  unauthenticatedBody,
  usageLimitBody,
} from './errors';
import { registerHistoryRoute } from './history-route';
import { registerMessageRoutes } from './message-routes';
import { registerModifyRoutes } from './modify-routes';
import { registerProfileRoutes } from './profile-routes';
import { registerSendRoutes } from './send-routes';
import { registerThreadRoutes } from './thread-routes';
import { registerWatchRoutes } from './watch-routes';

const WWW_AUTHENTICATE = 'Bearer realm="https://accounts.google.com/", error="invalid_token"';

/** Gmail API v1 subset (registered under /gmail, so paths are /gmail/gmail/v1/users/me/...). */
export async function gmailRoutes(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return sendGoogleError(
        reply,
        googleErrorBody(400, 'INVALID_ARGUMENT', error.message, { reason: 'badRequest' }),
      );
    }
    request.log.error(error);
    return sendGoogleError(reply, backendErrorBody(500));
  });
  app.setNotFoundHandler((_request, reply) =>
    sendGoogleError(reply, googleErrorBody(404, 'NOT_FOUND', 'Not Found', { reason: 'notFound' })),
  );

  app.addHook('onRequest', async (request, reply) => {
    // Batch parts carry the outer Authorization header and are checked when replayed.
    if (request.routeOptions.url?.endsWith('/batch/gmail/v1')) return;
    const auth = authenticate(ctx, 'gmail', request.headers.authorization);
    if ('failure' in auth) {
      return sendGoogleError(reply.header('WWW-Authenticate', WWW_AUTHENTICATE), unauthenticatedBody());
    }
    const userId = (request.params as { userId?: string }).userId;
    if (userId !== undefined && userId !== 'me' && userId.toLowerCase() !== auth.mailbox.address) {
      return sendGoogleError(
        reply,
        googleErrorBody(403, 'PERMISSION_DENIED', `Delegation denied for ${auth.mailbox.address}`, {
          reason: 'forbidden',
        }),
      );
    }
    setRequestAuth(request, auth);
    const cost = gmailCostOf(request.method, request.routeOptions.url ?? '');
    const decision = consumeGmailUnits(ctx.gmailQuota, auth.mailbox.address, cost, ctx.now());
    if (decision.isAllowed) return;
    if (decision.limit !== 'burst') return sendGoogleError(reply, usageLimitBody(decision.limit));
    return sendGoogleError(reply.header('Retry-After', String(decision.retryAfterSeconds)), rateLimitBody());
  });

  registerProfileRoutes(app, ctx);
  registerMessageRoutes(app, ctx);
  registerModifyRoutes(app, ctx);
  registerSendRoutes(app, ctx);
  registerHistoryRoute(app, ctx);
  registerThreadRoutes(app, ctx);
  registerBatchRoute(app, ctx);
  registerWatchRoutes(app, ctx);
}
