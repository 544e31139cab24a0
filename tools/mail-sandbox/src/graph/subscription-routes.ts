import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { appRequestAuth, requestAuth, setRequestAuth } from '../oauth/authenticate';
import {
  changeTypeProblem,
  expiryFor,
  type GraphSubscription,
  MAX_CLIENT_STATE_LENGTH,
  notificationUrlProblem,
  resourceProblem,
  subscriptionJson,
} from '../push/graph-subscription';
import { validateNotificationUrl } from '../push/post-to-app';
import { sendAccessDenied, sendBadRequest, sendGraphError } from './errors';
import { hasGraphScope, MAIL_READ } from './scopes';
import { resolveAppMailbox, resolveUserMailbox } from './shared-mailbox-access';

const USERS_RESOURCE = /^\/?users\/([^/]+)\//i;

type Body = { Body: Record<string, unknown> | undefined };
type Params = { Params: { id: string } };

const sendNotFound = (reply: FastifyReply) =>
  sendGraphError(reply, 404, 'ResourceNotFound', 'The object was not found.');

/**
 * Graph's answer to a user's token subscribing to another user's mailbox (a shared mailbox opened with the
 * `.Shared` permissions): "Delegated permission supports subscribing to items in folders in only the signed-in
 * user's mailbox", and the `.Shared` permissions do not support change notifications (Graph docs,
 * outlook-subscription-notes / outlook-share-messages-folders). Only an application permission can.
 */
const sendDelegatedSharedRefusal = (reply: FastifyReply) =>
  sendGraphError(
    reply,
    403,
    'ExtensionError',
    'Operation: Create; Exception: [Status Code: Forbidden; Reason: Forbidden]',
  );

/** Who owns a subscription: the signed-in user's mailbox, or `app:{client id}@{tenant}` for an app's own token. */
const appCreator = (clientId: string, tenant: string) => `app:${clientId}@${tenant}`;
function callerOf(request: FastifyRequest): string {
  const app = appRequestAuth(request);
  return app ? appCreator(app.grant.clientId, app.app.tenant) : requestAuth(request).mailbox.address;
}

/** The subscription named in the path, if the caller created it. */
function ownSubscription(
  ctx: SandboxContext,
  request: FastifyRequest<Params>,
): GraphSubscription | undefined {
  const subscription = ctx.store.graphSubscriptions.get(request.params.id);
  const creator = subscription?.createdBy ?? subscription?.mailbox;
  return creator === callerOf(request) ? subscription : undefined;
}

/** The first problem Graph would name in a subscription request, or null. */
function requestProblem(body: Record<string, unknown>): string | null {
  const clientState = body.clientState;
  if (
    clientState !== undefined &&
    (typeof clientState !== 'string' || clientState.length > MAX_CLIENT_STATE_LENGTH)
  )
    return `clientState must be a string of at most ${MAX_CLIENT_STATE_LENGTH} characters.`;
  return (
    changeTypeProblem(body.changeType) ??
    resourceProblem(body.resource) ??
    notificationUrlProblem(body.notificationUrl, 'notificationUrl') ??
    (body.lifecycleNotificationUrl === undefined
      ? null
      : notificationUrlProblem(body.lifecycleNotificationUrl, 'lifecycleNotificationUrl'))
  );
}

/** /v1.0/subscriptions: Outlook message subscriptions with Graph's checks and its validation handshake. */
export function registerSubscriptionRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<Body>('/v1.0/subscriptions', async (request, reply) => {
    const user = USERS_RESOURCE.exec(String(request.body?.resource ?? ''))?.[1];
    const appAuth = appRequestAuth(request);
    if (appAuth) {
      // An application's own token names the mailbox: any of its tenant, with the permission granted.
      if (user === undefined)
        return sendBadRequest(
          reply,
          '/me request is only valid with delegated authentication flow.',
          'BadRequest',
        );
      const resolved = resolveAppMailbox(ctx.store, appAuth, user);
      if ('status' in resolved)
        return sendGraphError(reply, resolved.status, resolved.code, resolved.message);
      setRequestAuth(request, resolved);
    } else if (user !== undefined) {
      // A user's token on `users/{address}/messages`: their own mailbox only.
      const resolved = resolveUserMailbox(ctx.store, requestAuth(request), user);
      if ('status' in resolved)
        return sendGraphError(reply, resolved.status, resolved.code, resolved.message);
      if (resolved.signedIn) return sendDelegatedSharedRefusal(reply);
      setRequestAuth(request, resolved);
    }
    if (!hasGraphScope(request, reply, MAIL_READ)) return reply;
    if (ctx.pushFaults.refuseSubscriptions !== 0) {
      if (ctx.pushFaults.refuseSubscriptions > 0) ctx.pushFaults.refuseSubscriptions -= 1;
      return sendAccessDenied(reply);
    }
    const body = request.body ?? {};
    const problem = requestProblem(body);
    if (problem) return sendBadRequest(reply, problem, 'InvalidRequest');
    const expiry = expiryFor(body.expirationDateTime, ctx.now());
    if ('problem' in expiry) return sendBadRequest(reply, expiry.problem, 'InvalidRequest');
    const notificationUrl = body.notificationUrl as string;
    const lifecycleUrl =
      typeof body.lifecycleNotificationUrl === 'string' ? body.lifecycleNotificationUrl : null;
    for (const url of lifecycleUrl ? [notificationUrl, lifecycleUrl] : [notificationUrl]) {
      const failure = await validateNotificationUrl(url);
      if (failure) return sendBadRequest(reply, failure, 'InvalidRequest');
    }
    const { grant, mailbox } = requestAuth(request);
    const subscription: GraphSubscription = {
      id: randomUUID(),
      mailbox: mailbox.address,
      ...(appAuth ? { createdBy: appCreator(grant.clientId, appAuth.app.tenant) } : {}),
      applicationId: grant.clientId,
      resource: body.resource as string,
      changeType: body.changeType as string,
      notificationUrl,
      lifecycleNotificationUrl: lifecycleUrl,
      clientState: typeof body.clientState === 'string' ? body.clientState : null,
      expiresAt: expiry.expiresAt,
      notifiedSeq: mailbox.seq,
    };
    ctx.store.graphSubscriptions.set(subscription.id, subscription);
    ctx.persist();
    return reply.code(201).send(subscriptionJson(subscription));
  });

  app.get('/v1.0/subscriptions', async (request) => {
    const caller = callerOf(request);
    const value = [...ctx.store.graphSubscriptions.values()].filter(
      (item) => (item.createdBy ?? item.mailbox) === caller,
    );
    return { value: value.map(subscriptionJson) };
  });

  app.get<Params>('/v1.0/subscriptions/:id', async (request, reply) => {
    const subscription = ownSubscription(ctx, request);
    return subscription ? subscriptionJson(subscription) : sendNotFound(reply);
  });

  app.patch<Params & Body>('/v1.0/subscriptions/:id', async (request, reply) => {
    const subscription = ownSubscription(ctx, request);
    if (!subscription || subscription.expiresAt <= ctx.now()) return sendNotFound(reply);
    const expiry = expiryFor(request.body?.expirationDateTime, ctx.now());
    if ('problem' in expiry) return sendBadRequest(reply, expiry.problem, 'InvalidRequest');
    subscription.expiresAt = expiry.expiresAt;
    ctx.persist();
    return subscriptionJson(subscription);
  });

  app.delete<Params>('/v1.0/subscriptions/:id', async (request, reply) => {
    const subscription = ownSubscription(ctx, request);
    if (!subscription) return sendNotFound(reply);
    ctx.store.graphSubscriptions.delete(subscription.id);
    ctx.persist();
    return reply.code(204).send();
  });
}
