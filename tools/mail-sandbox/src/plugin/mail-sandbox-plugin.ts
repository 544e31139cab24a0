import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createContext, type SandboxContext } from '../context';
import { registerContractHooks } from '../contract/contract-hooks';
import { controlRoutes } from '../control/routes';
import { DEFAULT_TOKEN_LIFETIME_SECONDS } from '../defaults';
import { createAfterFaultHook, createAnswerRewriteHook, createFaultHook } from '../faults/fault-hook';
import { gmailRoutes } from '../gmail/routes';
import { graphRoutes } from '../graph/routes';
import { oauthRoutes } from '../oauth/routes';
import { pruneTokens } from '../oauth/token-store';
import type { MailSandboxOptions } from '../options';
import { pubsubRoutes } from '../pubsub/routes';
import { startWatchPublisher } from '../pubsub/watch-publisher';
import { startGraphNotifier } from '../push/graph-notifier';
import { createPersister, readStateFile } from '../store/persistence';
import { seedDefaultMailboxes } from '../store/sandbox-store';
import { applySavedState, toSavedState } from '../store/state-file';
import { registerIndexRoute } from './index-route';
import { registerParsers } from './parsers';

async function restoreOrSeed(
  app: FastifyInstance,
  ctx: SandboxContext,
  stateFile: string | undefined,
): Promise<void> {
  let isRestored = false;
  if (stateFile) {
    const saved = await readStateFile(stateFile);
    isRestored = saved !== undefined && applySavedState(saved, ctx.store, ctx.tokens);
    const persister = createPersister(stateFile, () => toSavedState(ctx.store, ctx.tokens));
    ctx.persist = () => persister.schedule();
    ctx.settle = () => persister.flush();
    app.addHook('onClose', async () => persister.flush());
  }
  if (!isRestored && ctx.shouldSeed) seedDefaultMailboxes(ctx.store, ctx.now());
  ctx.store.onChange = () => ctx.persist();
  if (!isRestored) {
    ctx.persist();
    await ctx.settle();
  }
}

/**
 * onSend hook: a request that changed the state is answered only once the state file has it (write, then
 * answer), like a provider that never forgets what it acknowledged. Requests answered meanwhile share one write,
 * and the parts of a batch (replayed with x-sandbox-batch) leave it to their batch: one write per call.
 */
function createSettleHook(ctx: SandboxContext) {
  return async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    if (!request.headers['x-sandbox-batch']) await ctx.settle();
    return payload;
  };
}

/**
 * Local stand-in for Microsoft identity + Graph mail and Google OAuth + Gmail, as an encapsulated Fastify
 * plugin (register it with `{ prefix: '/sandbox' }`). Its parsers and hooks stay inside the plugin.
 */
export async function mailSandboxPlugin(app: FastifyInstance, opts: MailSandboxOptions): Promise<void> {
  const ctx = createContext({
    publicUrl: () => (opts.publicUrlRef?.current || opts.publicUrl).replace(/\/+$/, ''),
    tokenLifetimeSeconds: opts.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
    shouldSeed: opts.seed ?? true,
    now: opts.now ?? Date.now,
    prefix: app.prefix,
    redirectUris: opts.redirectUris,
    clientSecret: opts.clientSecret,
  });
  await restoreOrSeed(app, ctx, opts.stateFile);
  registerParsers(app);
  // Before the faults: a call the provider would not understand never reaches an armed fault.
  if (opts.contract) registerContractHooks(app, ctx.prefix, opts.contract);
  app.addHook('onRequest', createFaultHook(ctx));
  app.addHook('onSend', createAnswerRewriteHook());
  app.addHook('onSend', createAfterFaultHook(ctx));
  app.addHook('onSend', createSettleHook(ctx));
  const pruner = setInterval(() => pruneTokens(ctx.tokens, ctx.now()), 10 * 60_000);
  pruner.unref();
  app.addHook('preClose', async () => {
    for (const release of [...ctx.held]) release();
  });
  app.addHook('onClose', async () => clearInterval(pruner));
  const notifier = startGraphNotifier(ctx);
  app.addHook('preClose', async () => notifier.stop());
  const stopPublisher = startWatchPublisher(ctx);
  app.addHook('onClose', async () => stopPublisher());

  registerIndexRoute(app, ctx);
  await app.register(async (child) => oauthRoutes(child, ctx));
  await app.register(async (child) => graphRoutes(child, ctx), { prefix: '/graph' });
  await app.register(async (child) => gmailRoutes(child, ctx), { prefix: '/gmail' });
  await app.register(async (child) => pubsubRoutes(child, ctx), { prefix: '/pubsub' });
  await app.register(async (child) => controlRoutes(child, ctx, opts.controlToken), { prefix: '/control' });
}
