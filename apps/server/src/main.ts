// The composition root: the one file that may mount the mail sandbox (tools/mail-sandbox) beside the app.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mailSandboxPlugin } from '@ledgerdesk/mail-sandbox';
import { buildApp } from './app';
import { parseEnv } from './config/env';
import { createLogger } from './config/logger';
import { shouldMountSandbox } from './config/sandbox-mode';
import { loadOrCreateSecret } from './config/secrets';
import { openDatabase } from './db/client';
import { handleUnhandledRejection } from './db/lost-connection-rejections';
import { startOutgoingSender } from './features/outgoing/outgoing-sender';
import { createRuleFiling } from './features/rules';
import { createSyncFleet } from './jobs/sync-fleet';
import { startTriageTimers, triageTimersPass } from './jobs/triage-timers';
import { createMailDeps } from './mail';
import { AdjustableClock, systemClock } from './time/clock';

async function main(): Promise<void> {
  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    appDatabaseUrl: env.DATABASE_APP_URL,
    dataDir: path.join(env.DATA_DIR, 'pglite'),
    diskFreeMinBytes: env.DISK_FREE_MIN_MB * 1024 * 1024,
    onDiskChange: (isLow, freeBytes) => {
      const free = `${Math.round(freeBytes / 1024 / 1024)} MB free`;
      if (isLow) log.error(`the disk of ${env.DATA_DIR} is almost full (${free}): changes are paused`);
      else log.info(`the disk of ${env.DATA_DIR} has room again (${free}): changes resume`);
    },
  });
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const here = path.dirname(fileURLToPath(import.meta.url));
  // The mail layer's dependencies, shared by the request handlers and the sync fleet.
  // A database that goes away must pause the server, never end it (decision 035).
  process.on('unhandledRejection', (reason) =>
    handleUnhandledRejection(reason, log, (code) => process.exit(code)),
  );
  // With TEST_CLOCK_CONTROL=on (browser journeys only) the clock can be moved forward over loopback.
  const clock = env.TEST_CLOCK_CONTROL ? new AdjustableClock() : systemClock;
  // Rules file new mail as it is synced, on every node (decision 025); the mail layer only knows the hook.
  const filing = createRuleFiling({ log, clock });
  const mail = createMailDeps({ env, database, publicUrl, log, filing });
  const app = await buildApp({
    env,
    database,
    publicUrl,
    mail,
    clock,
    loggerInstance: log,
    webDistDir: process.env.WEB_DIST_DIR ?? path.resolve(here, '../../web/dist'),
  });
  const useSandbox = shouldMountSandbox(env);
  // Loopback callers use the control API freely; anyone else needs this token (printed below).
  const sandboxControlToken = useSandbox
    ? loadOrCreateSecret(env.DATA_DIR, 'sandbox-control-token', env.SANDBOX_CONTROL_TOKEN)
    : '';
  if (useSandbox) {
    await app.register(mailSandboxPlugin, {
      prefix: '/sandbox',
      publicUrl: `${publicUrl}/sandbox`,
      stateFile: path.join(env.DATA_DIR, 'sandbox-state.json'),
      controlToken: sandboxControlToken,
      redirectUris: [`${publicUrl}/integrations/email`],
    });
  }
  // With the job engine on, its one job a second runs the triage timers on any node (decision 009).
  const fleet = createSyncFleet(mail, { timers: triageTimersPass(app, app.clock) });
  let stopTimers: () => Promise<void> = async () => {};
  let stopSender: () => Promise<void> = async () => {};
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await fleet.stop();
    await stopTimers();
    await stopSender();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // Set before listening: a webhook answered while the engine starts queues its sync (it waits for the start).
  app.syncFleet = fleet;
  await app.listen({ port: env.PORT, host: env.HOST });
  await fleet.start();
  app.outbox.start();
  if (!fleet.enabled) stopTimers = startTriageTimers(app, app.clock);
  stopSender = startOutgoingSender(app, app.clock);
  app.log.info(
    `Ledgerdesk is running at ${publicUrl} (database: ${database.kind}${useSandbox ? ', mail sandbox on' : ''})`,
  );
  if (useSandbox) {
    app.log.info(
      `Mail sandbox at ${publicUrl}/sandbox/ (for development and demos only). Its control API answers loopback, or the header x-sandbox-control-token: ${sandboxControlToken}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
