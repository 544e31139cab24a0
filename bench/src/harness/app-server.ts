// Child process: the real app (buildApp + the sync fleet, as apps/server/src/main.ts composes it) on its own
// port, with the providers pointed at the bench's separate sandbox process, plus the harness extras:
// Server-Timing, the baseline endpoints and bulk seeding. For the fleet benchmark it is also a node under
// test: BENCH_SYNC_MODE=fleet runs the sync fleet every BENCH_SYNC_INTERVAL_SECONDS, =legacy runs the old
// three-at-a-time loop instead (legacy-loop.ts); BENCH_FLEET_LOG=install adds the benchmark's sync and item
// logs to the database (fleet-log.ts); BENCH_NODE_NAME names its PostgreSQL connections (application_name).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SECRET,
  SANDBOX_PUBSUB_SUBSCRIPTION,
  SANDBOX_PUBSUB_TOPIC,
  sandboxServiceAccountKey,
} from '@ledgerdesk/mail-sandbox';
import { buildApp } from '../../../apps/server/src/app';
import { parseEnv } from '../../../apps/server/src/config/env';
import { openDatabase } from '../../../apps/server/src/db/client';
import { createSyncFleet } from '../../../apps/server/src/jobs/sync-fleet';
import { parseItemChanges } from '../../../apps/server/src/realtime/item-change-payload';
import { READY_PREFIX } from '../infra/child-process';
import { baselineActionRoutes } from './baseline-actions';
import { baselineRoutes } from './baseline-routes';
import { benchRoutes } from './bench-routes';
import { installFleetLog } from './fleet-log';
import { fleetRoutes } from './fleet-routes';
import { imapRoutes } from './imap-routes';
import { startLegacyLoop } from './legacy-loop';
import { rulesBenchRoutes } from './rules-bench-routes';
import { addServerTiming } from './server-timing';

type SyncMode = 'off' | 'fleet' | 'legacy';

const NOTIFY_TIMES_KEPT = 5_000;

async function main(): Promise<void> {
  const port = Number(process.env.BENCH_APP_PORT);
  const sandbox = process.env.BENCH_SANDBOX_URL ?? '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdesk-bench-data-'));
  const syncMode = (process.env.BENCH_SYNC_MODE ?? 'off') as SyncMode;
  const intervalSeconds = process.env.BENCH_SYNC_INTERVAL_SECONDS ?? '60';
  const env = parseEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    MAIL_SANDBOX: 'off',
    MICROSOFT_CLIENT_ID: SANDBOX_CLIENT_ID,
    MICROSOFT_CLIENT_SECRET: SANDBOX_CLIENT_SECRET,
    MICROSOFT_LOGIN_URL: `${sandbox}/microsoft`,
    MICROSOFT_GRAPH_URL: `${sandbox}/graph`,
    GOOGLE_CLIENT_ID: SANDBOX_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: SANDBOX_CLIENT_SECRET,
    GOOGLE_AUTH_URL: `${sandbox}/google/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${sandbox}/google/token`,
    GMAIL_API_URL: `${sandbox}/gmail`,
    // Syncs run when the bench asks for them, never on a timer in the middle of a measurement — unless this
    // node is under test in the fleet benchmark.
    SYNC_INTERVAL_SECONDS: syncMode === 'fleet' ? intervalSeconds : '0',
    // Nodes of one fleet benchmark share the database: they must sign sessions and encrypt tokens alike.
    ...(process.env.BENCH_AUTH_SECRET ? { AUTH_SECRET: process.env.BENCH_AUTH_SECRET } : {}),
    ...(process.env.BENCH_TOKEN_KEY ? { TOKEN_ENCRYPTION_KEY: process.env.BENCH_TOKEN_KEY } : {}),
    // Live updates only for the fleet benchmark's push phases (BENCH_PUSH=on): Graph posts to this loopback
    // server, Gmail notifications come through the sandbox's Pub/Sub; everything else polls only.
    MAIL_PUSH: process.env.BENCH_PUSH === 'on' ? 'auto' : 'off',
    ...(process.env.BENCH_PUSH === 'on'
      ? {
          GOOGLE_PUBSUB_TOPIC: SANDBOX_PUBSUB_TOPIC,
          GOOGLE_PUBSUB_SUBSCRIPTION: SANDBOX_PUBSUB_SUBSCRIPTION,
          GOOGLE_PUBSUB_CREDENTIALS: JSON.stringify(sandboxServiceAccountKey(sandbox)),
          GOOGLE_PUBSUB_URL: `${sandbox}/pubsub`,
        }
      : {}),
    // The IMAP benchmark's Dovecot listens on loopback (every connection checks the server's address).
    IMAP_ALLOW_PRIVATE_HOSTS: 'true',
    SIGN_IN_MAX_ATTEMPTS_PER_IP: '100000',
    SIGN_IN_MAX_ATTEMPTS_PER_ACCOUNT: '100000',
  });
  const databaseUrl = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
  if (databaseUrl && process.env.BENCH_NODE_NAME)
    databaseUrl.searchParams.set('application_name', process.env.BENCH_NODE_NAME);
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl.toString();
  const database = await openDatabase({
    databaseUrl: databaseUrl?.toString(),
    dataDir: process.env.PGLITE_DIR,
  });
  const publicUrl = `http://127.0.0.1:${port}`;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const app = await buildApp({
    env,
    database,
    publicUrl,
    webDistDir: process.env.BENCH_WEB_DIST ?? path.resolve(here, '../../../apps/web/dist'),
  });
  const notifyTimes = new Map<string, number>();
  await database.listen('triage_item_changes', (payload) => {
    const changes = parseItemChanges(payload);
    if (!Array.isArray(changes)) return;
    for (const { id } of changes) {
      notifyTimes.set(id, Date.now());
      if (notifyTimes.size > NOTIFY_TIMES_KEPT) notifyTimes.delete(notifyTimes.keys().next().value ?? '');
    }
  });
  if (process.env.BENCH_FLEET_LOG === 'install') await installFleetLog(database);
  await app.register(baselineRoutes);
  await app.register(baselineActionRoutes);
  await app.register(async (child) => fleetRoutes(child, database));
  await app.register(async (child) => benchRoutes(child, notifyTimes));
  await app.register(imapRoutes);
  await app.register(async (child) => rulesBenchRoutes(child));
  addServerTiming(app.server);
  await app.listen({ port, host: '127.0.0.1' });
  const fleet = createSyncFleet(app.mail);
  await fleet.start();
  app.syncFleet = fleet;
  app.outbox.start();
  const stopLegacyLoop =
    syncMode === 'legacy' ? startLegacyLoop(app.mail, Number(intervalSeconds) * 1000) : async () => {};

  const shutdown = async () => {
    await stopLegacyLoop();
    await fleet.stop();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  process.stdout.write(`${READY_PREFIX}${JSON.stringify({ url: publicUrl, kind: database.kind })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
