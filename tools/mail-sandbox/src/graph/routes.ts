import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import {
  type ApiAuth,
  type AppAuth,
  authenticate,
  authenticateApp,
  setAppRequestAuth,
  setRequestAuth,
} from '../oauth/authenticate';
import { enterGraph, releaseGraph } from '../quota/graph-throttle';
import { registerAttachmentRoutes } from './attachment-routes';
import { registerBatchRoute } from './batch-route';
import { registerDeltaRoute } from './delta-route';
import { sendGraphError, sendThrottled } from './errors';
import { registerFolderRoutes, registerMeRoute } from './folder-routes';
import { registerListRoutes } from './list-routes';
import { registerMessageRoutes } from './message-routes';
import { registerSendRoutes } from './send-routes';
import { resolveAppMailbox, resolveUserMailbox } from './shared-mailbox-access';
import { registerSubscriptionRoutes } from './subscription-routes';

const WWW_AUTHENTICATE =
  'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"';

/** Microsoft Graph v1.0 mail subset (registered under /graph). */
export async function graphRoutes(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  const admitted = new WeakMap<FastifyRequest, string>();
  const release = (request: FastifyRequest): void => {
    const mailbox = admitted.get(request);
    if (mailbox === undefined) return;
    admitted.delete(request);
    releaseGraph(ctx.graphThrottle, mailbox);
  };

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 500) return sendGraphError(reply, status, 'BadRequest', error.message);
    request.log.error(error);
    return sendGraphError(reply, 500, 'UnknownError', 'An internal server error occurred.');
  });
  app.setNotFoundHandler((request, reply) => {
    const segment = request.url.split('?')[0]?.split('/').pop() ?? '';
    return sendGraphError(reply, 400, 'BadRequest', `Resource not found for the segment '${segment}'.`);
  });

  app.addHook('onRequest', async (request, reply) => {
    const appAuth = authenticateApp(ctx, request.headers.authorization);
    if (appAuth) return admitApp(request, reply, appAuth);
    const auth = authenticate(ctx, 'office365', request.headers.authorization);
    if ('failure' in auth) {
      reply.header('WWW-Authenticate', WWW_AUTHENTICATE);
      const message =
        auth.failure === 'missing'
          ? 'Access token is empty.'
          : 'Lifetime validation failed, the token is expired.';
      return sendGraphError(reply, 401, 'InvalidAuthenticationToken', message);
    }
    const user = (request.params as { user?: string } | undefined)?.user;
    const resolved = user === undefined ? auth : resolveUserMailbox(ctx.store, auth, user);
    if ('status' in resolved) return sendGraphError(reply, resolved.status, resolved.code, resolved.message);
    return admit(request, reply, resolved);
  });
  /**
   * An application's own token (client credentials): Graph refuses it outright without any granted application
   * permission, answers `/me` only for a user's token, and otherwise works on `/users/{id}` of its tenant.
   */
  const admitApp = (request: FastifyRequest, reply: FastifyReply, auth: AppAuth) => {
    if (auth.app.roles.length === 0)
      return sendGraphError(
        reply,
        401,
        'InvalidAuthenticationToken',
        'Either scp or roles claim need to be present in the token.',
      );
    const user = (request.params as { user?: string } | undefined)?.user;
    if (user === undefined) {
      if (/\/v1\.0\/subscriptions(\/:id)?$/.test(request.routeOptions.url ?? '')) {
        setAppRequestAuth(request, auth);
        return undefined;
      }
      return sendGraphError(
        reply,
        400,
        'BadRequest',
        '/me request is only valid with delegated authentication flow.',
      );
    }
    const resolved = resolveAppMailbox(ctx.store, auth, user);
    if ('status' in resolved) return sendGraphError(reply, resolved.status, resolved.code, resolved.message);
    return admit(request, reply, resolved);
  };
  const admit = (request: FastifyRequest, reply: FastifyReply, resolved: ApiAuth) => {
    setRequestAuth(request, resolved);
    // $batch steps are throttled one by one when they are replayed, as on Graph.
    if (request.routeOptions.url?.endsWith('/$batch')) return;
    // Graph throttles per mailbox worked on: a shared mailbox has its own budget.
    const decision = enterGraph(ctx.graphThrottle, resolved.mailbox.address, ctx.now());
    if (!decision.isAllowed) return sendThrottled(reply, decision.retryAfterSeconds);
    if (ctx.graphThrottle.isEnabled) admitted.set(request, resolved.mailbox.address);
    return undefined;
  };
  app.addHook('onSend', async (request, _reply, payload) => {
    release(request);
    return payload;
  });
  app.addHook('onResponse', async (request) => release(request));

  registerMeRoute(app, ctx);
  // The signed-in user's mailbox as /me, and any mailbox as /users/{id|address} (shared mailboxes, delegated).
  for (const base of ['/v1.0/me', '/v1.0/users/:user']) {
    for (const segment of ['mailFolders', 'mailfolders']) {
      registerFolderRoutes(app, ctx, segment, base);
      registerDeltaRoute(app, ctx, segment, base);
    }
    registerListRoutes(app, ctx, base);
    registerMessageRoutes(app, ctx, base);
    registerAttachmentRoutes(app, ctx, base);
    registerSendRoutes(app, ctx, base);
  }
  registerBatchRoute(app, ctx);
  registerSubscriptionRoutes(app, ctx);
}
