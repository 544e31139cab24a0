import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { authRoutes } from './auth/auth-routes';
import { type Auth, createAuth } from './auth/create-auth';
import { createMailer } from './auth/mailer';
import { registerSessionLoader } from './auth/require-user';
import { createSignInLimiter } from './auth/sign-in-limiter';
import type { Env } from './config/env';
import { loadOrCreateSecret } from './config/secrets';
import type { Database, Db } from './db/client';
import { functionRoutes } from './features/functions/function-routes';
import { integrationRoutes } from './features/integrations/integration-routes';
import { profileRoutes } from './features/profiles/profile-routes';
import { triageCountsRoutes } from './features/triage/counts-routes';
import { triageRoutes } from './features/triage/triage-routes';
import { registerErrorHandler } from './http/error-handler';
import { registerSameOriginGuard } from './http/same-origin-guard';
import { registerStaticWeb } from './http/static-web';
import { eventRoutes } from './realtime/event-routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    env: Env;
    auth: Auth;
    publicUrl: string;
  }
}

export type BuildAppOptions = {
  env: Env;
  database: Database;
  /** Absolute URL the app is reached at (used for auth callbacks and provider redirects). */
  publicUrl: string;
  webDistDir?: string;
  logger?: FastifyServerOptions['logger'];
};

/**
 * Assembles the server: infrastructure plugins first (security headers, error handling, sessions), then
 * the feature routes. The caller decides what else to mount (the mail sandbox) and when to listen.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database, publicUrl } = options;
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('env', env);
  app.decorate('publicUrl', publicUrl);

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

  const auth = createAuth({
    db: database.db,
    secret: loadOrCreateSecret(env.DATA_DIR, 'auth-secret', env.AUTH_SECRET),
    baseUrl: publicUrl,
    requireEmailConfirmation: env.REQUIRE_EMAIL_CONFIRMATION,
    mailer: createMailer(env.SMTP_URL, env.SMTP_FROM),
  });
  app.decorate('auth', auth);
  registerSameOriginGuard(app, [new URL(publicUrl).origin]);
  registerSessionLoader(app, auth);
  const limiter = createSignInLimiter(database.db, {
    perIp: env.SIGN_IN_MAX_ATTEMPTS_PER_IP,
    perAccount: env.SIGN_IN_MAX_ATTEMPTS_PER_ACCOUNT,
    windowSeconds: env.SIGN_IN_WINDOW_SECONDS,
  });

  await app.register(authRoutes, { auth, limiter });
  await app.register(profileRoutes);
  await app.register(triageCountsRoutes);
  await app.register(triageRoutes);
  await app.register(integrationRoutes);
  await app.register(functionRoutes);
  await app.register(eventRoutes);
  app.get('/api/health', async () => ({ ok: true, database: database.kind }));

  if (options.webDistDir) await registerStaticWeb(app, options.webDistDir);
  return app;
}
