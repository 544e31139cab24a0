// A separate process that syncs integrations into a PGlite data folder, printing progress after every
// committed page, so the crash test can SIGKILL it mid-sync and run it again.
import { buildApp } from '../../../src/app';
import { openDatabase } from '../../../src/db/client';
import { syncIntegration } from '../../../src/mail/mail-service';
import { testEnv } from '../../support/test-app';
import { sandboxEnv } from './mail-harness';
import { storedItems, storedKeys } from './mailbox-compare';

const [dataDir, sandboxUrl, userId, ...integrationIds] = process.argv.slice(2);
if (!dataDir || !sandboxUrl || !userId || integrationIds.length === 0) {
  throw new Error('usage: sync-child <dataDir> <sandboxUrl> <userId> <integrationId>...');
}

const env = testEnv({
  DATA_DIR: dataDir,
  ...sandboxEnv(sandboxUrl),
});
const database = await openDatabase({ dataDir: `${dataDir}/pglite` });
const app = await buildApp({ env, database, publicUrl: 'http://localhost:3000' });
await app.ready();
const processed = new Map<string, number>();
const reports = await Promise.all(
  integrationIds.map((integrationId) =>
    syncIntegration(
      { deps: app.mail, userId },
      {
        integrationId,
        pageSize: 100,
        onProgress: (progress) => {
          processed.set(integrationId, progress.totalProcessed);
          const least = Math.min(...integrationIds.map((id) => processed.get(id) ?? 0));
          process.stdout.write(`progress ${least}\n`);
        },
      },
    ),
  ),
);
process.stdout.write(`done ${JSON.stringify(reports.map((report) => report.criticalErrors))}\n`);
// How many messages this run listed per integration: a resumed run lists only what the last one left.
process.stdout.write(`processed ${JSON.stringify(Object.fromEntries(processed))}\n`);
// What the database holds afterwards, so the test need not open the data folder once more.
const stored: Record<string, { keys: string[]; ids: number; distinctIds: number }> = {};
for (const integrationId of integrationIds) {
  const ids = (await storedItems(app, userId, integrationId)).map((item) => item.emailMessageId);
  stored[integrationId] = {
    keys: await storedKeys(app, userId, integrationId),
    ids: ids.length,
    distinctIds: new Set(ids).size,
  };
}
process.stdout.write(`stored ${JSON.stringify(stored)}\n`);
await app.close();
await database.close();
