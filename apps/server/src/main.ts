// The composition root: the one file that may mount the mail sandbox (tools/mail-sandbox) beside the app.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mailSandboxPlugin } from '@ledgerdesk/mail-sandbox';
import { buildApp } from './app';
import { parseEnv } from './config/env';
import { openDatabase } from './db/client';
import { startJobs } from './jobs/start-jobs';

async function main(): Promise<void> {
  const env = parseEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    appDatabaseUrl: env.DATABASE_APP_URL,
    dataDir: path.join(env.DATA_DIR, 'pglite'),
  });
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const here = path.dirname(fileURLToPath(import.meta.url));
  const app = await buildApp({
    env,
    database,
    publicUrl,
    webDistDir: process.env.WEB_DIST_DIR ?? path.resolve(here, '../../web/dist'),
  });
  const useSandbox =
    env.MAIL_SANDBOX === 'on' ||
    (env.MAIL_SANDBOX === 'auto' && (!env.MICROSOFT_CLIENT_ID || !env.GOOGLE_CLIENT_ID));
  if (useSandbox) {
    await app.register(mailSandboxPlugin, {
      prefix: '/sandbox',
      publicUrl: `${publicUrl}/sandbox`,
      stateFile: path.join(env.DATA_DIR, 'sandbox-state.json'),
    });
  }
  let stopJobs: () => Promise<void> = async () => {};
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await stopJobs();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: env.PORT, host: env.HOST });
  stopJobs = startJobs(app);
  app.log.info(
    `Ledgerdesk is running at ${publicUrl} (database: ${database.kind}${useSandbox ? ', mail sandbox on' : ''})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
