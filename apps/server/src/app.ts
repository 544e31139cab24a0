import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { authRoutes } from './auth/auth-routes';
import { type Auth, createAuth } from './auth/create-auth';
import { createKnownDevices } from './auth/known-device';
import { createMailer } from './auth/mailer';
import { registerSessionLoader } from './auth/require-user';
import { usesSecureCookies } from './auth/secure-cookies';
import { createSignInLimiter } from './auth/sign-in-limiter';
import type { Env } from './config/env';
import { loggerOptions } from './config/logger';
import { loadOrCreateSecret } from './config/secrets';
import type { Database, Db } from './db/client';
import { clientRoutes } from './features/clients/client-routes';
import { collaborationRoutes } from './features/collaboration/collaboration-routes';
import { firmRoutes } from './features/firms/firm-routes';
import { functionRoutes } from './features/functions/function-routes';
import { healthRoutes } from './features/health/health-routes';
import { integrationRoutes } from './features/integrations/integration-routes';
import { outgoingRoutes } from './features/outgoing/outgoing-routes';
import { profileRoutes } from './features/profiles/profile-routes';
import { createRuleFiling, ruleHistoryOfThread, takeBackRuleEffects } from './features/rules';
import { ruleRoutes } from './features/rules/rule-routes';
import { templateRoutes } from './features/templates/template-routes';
import { triageCountsRoutes } from './features/triage/counts-routes';
import { senderRoutes } from './features/triage/sender-routes';
import { snoozeRoutes } from './features/triage/snooze-routes';
import { triageRoutes } from './features/triage/triage-routes';
import { webhookRoutes } from './features/webhooks/webhook-routes';
import { defineRoute, registerRouteDeclarations } from './http/define-route';
import { answerFrameworkError, registerErrorHandler } from './http/error-handler';
import { registerUnsafeTextGuard } from './http/refuse-unsafe-text';
import { registerSameOriginGuard } from './http/same-origin-guard';
import { registerStaticWeb } from './http/static-web';
import type { SyncFleet } from './jobs/sync-fleet';
import { createIntakeTally, createMailDeps, type IntakeTally, type MailDeps } from './mail';
import { createMailboxOutbox, type MailboxOutbox } from './mail/fleet';
import { buildOpenApi } from './openapi/build-openapi';
import { eventRoutes } from './realtime/event-routes';
import { AdjustableClock, type Clock, systemClock } from './time/clock';
import { clockRoutes } from './time/clock-routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    env: Env;
    auth: Auth;
    publicUrl: string;
    clock: Clock;
    /** Every route registered, as `METHOD url` (HEAD twins left out): the sweeps and the OpenAPI test read it. */
    routeTable: Array<{ method: string; url: string }>;
    /** The mail layer's dependencies (providers, token cipher, caches, locks), shared with the jobs. */
    mail: MailDeps;
    /** Pushes queued mailbox changes (decision 010); main.ts starts its sweep, actions kick it. */
    outbox: MailboxOutbox;
    /** The background sync fleet once main.ts started it (null in tests that do not). */
    syncFleet: SyncFleet | null;
    /** What the Graph webhooks ignored or refused on this node, counted in memory (decision 030). */
    webhookIntake: IntakeTally;
  }
}

export type BuildAppOptions = {
  env: Env;
  database: Database;
  /** Absolute URL the app is reached at (used for auth callbacks and provider redirects). */
  publicUrl: string;
  webDistDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** "Now" for snoozes and reminders (tests pass one they can move); default the system clock. */
  clock?: Clock;
  /** Built by the composition root (main.ts) and shared with the sync fleet; tests let buildApp make one. */
  mail?: MailDeps;
  /** The logger `mail` logs to, so requests and jobs log alike. */
  loggerInstance?: FastifyBaseLogger;
};

/**
 * Assembles the server: infrastructure plugins first (security headers, error handling, sessions), then
 * the feature routes. The caller decides what else to mount (the mail sandbox) and when to listen.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database, publicUrl } = options;
  const serverOptions: FastifyServerOptions = {
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? loggerOptions(env.LOG_LEVEL) }),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    // Only the configured proxies may name the client address (X-Forwarded-For): spoofable otherwise.
    trustProxy:
      typeof env.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (env.TRUST_PROXY as number)
        : env.TRUST_PROXY,
  };
  const app = Fastify(serverOptions);
  const routeTable: Array<{ method: string; url: string }> = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  registerRouteDeclarations(app);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('env', env);
  app.decorate('publicUrl', publicUrl);
  // With TEST_CLOCK_CONTROL=on (browser journeys only) the clock can be moved forward over loopback.
  const clock = options.clock ?? (env.TEST_CLOCK_CONTROL ? new AdjustableClock() : systemClock);
  app.decorate('clock', clock);
  // Fails at start, not at the first connection, when TOKEN_ENCRYPTION_KEY is unusable.
  // Rules file new mail as it is synced, on every node (decision 025); the mail layer only knows the hook.
  app.decorate(
    'mail',
    options.mail ??
      createMailDeps({
        env,
        database,
        publicUrl,
        log: app.log,
        filing: createRuleFiling({ log: app.log, clock }),
      }),
  );
  app.decorate('syncFleet', null);
  app.decorate('webhookIntake', createIntakeTally(app.log));
  app.addHook('onClose', async () => app.webhookIntake.stop());
  app.decorate('outbox', createMailboxOutbox(app.mail));
  app.addHook('onClose', async () => app.outbox.stop());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The connect flow opens the provider's consent page in a popup and must keep talking to it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  registerErrorHandler(app);
  registerUnsafeTextGuard(app);

  const authSecret = loadOrCreateSecret(env.DATA_DIR, 'auth-secret', env.AUTH_SECRET);
  const mailer = createMailer(env.SMTP_URL, env.SMTP_FROM);
  const auth = createAuth({
    db: database.db,
    secret: authSecret,
    baseUrl: publicUrl,
    requireEmailConfirmation: env.REQUIRE_EMAIL_CONFIRMATION,
    mailer,
    log: app.log,
  });
  app.decorate('auth', auth);
  registerSameOriginGuard(app, [new URL(publicUrl).origin]);
  registerSessionLoader(app, auth);
  const limiter = createSignInLimiter(database.db, {
    perIp: env.SIGN_IN_MAX_ATTEMPTS_PER_IP,
    perAccountClient: env.SIGN_IN_MAX_ATTEMPTS_PER_ACCOUNT,
    accountBudget: env.SIGN_IN_ACCOUNT_BUDGET,
    windowSeconds: env.SIGN_IN_WINDOW_SECONDS,
  });
  const knownDevices = createKnownDevices(authSecret, { isSecure: usesSecureCookies(publicUrl) });

  await app.register(authRoutes, { auth, limiter, knownDevices, mailer });
  await app.register(profileRoutes);
  await app.register(templateRoutes);
  await app.register(triageCountsRoutes);
  // Undo takes back a rule's thread-level actions, and a thread's activity shows its rule history: the rules sit on
  // top of triage and collaboration, so those two learn of them only through these hooks (features/README.md).
  await app.register(triageRoutes, { takeBack: takeBackRuleEffects });
  await app.register(snoozeRoutes);
  await app.register(senderRoutes);
  await app.register(integrationRoutes);
  await app.register(firmRoutes, { secret: authSecret, mailer });
  await app.register(collaborationRoutes, { ruleHistory: ruleHistoryOfThread });
  await app.register(clientRoutes);
  await app.register(ruleRoutes);
  await app.register(functionRoutes);
  await app.register(outgoingRoutes);
  await app.register(eventRoutes);
  await app.register(webhookRoutes);
  if (clock instanceof AdjustableClock) await app.register(clockRoutes, { clock });
  await app.register(healthRoutes);
  let openApi: unknown = null;
  defineRoute(
    app,
    { method: 'GET', path: '/api/openapi.json', summary: 'This document.', auth: 'public' },
    async () => {
      openApi ??= buildOpenApi(publicUrl, app.apiRoutes);
      return openApi;
    },
  );

  if (options.webDistDir) await registerStaticWeb(app, options.webDistDir);
  return app;
}
