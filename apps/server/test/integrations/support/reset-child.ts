// A separate process that runs the Enhanced Reset of one integration and prints a line for every triage
// item whose insert was committed (Postgres NOTIFY is delivered at commit), so the kill test can SIGKILL it
// right after the first folder's transaction committed, while the next folder is being rebuilt.
import { buildApp } from '../../../src/app';
import { openDatabase } from '../../../src/db/client';
import { resyncIntegration } from '../../../src/mail/mail-service';
import { parseItemChanges } from '../../../src/realtime/item-change-payload';
import { sandboxEnv } from '../../mail/support/mail-harness';
import { testEnv } from '../../support/test-app';

const [dataDir, databaseUrl, sandboxUrl, userId, integrationId] = process.argv.slice(2);
if (!dataDir || databaseUrl === undefined || !sandboxUrl || !userId || !integrationId) {
  throw new Error('usage: reset-child <dataDir> <databaseUrl|""> <sandboxUrl> <userId> <integrationId>');
}

const env = testEnv({
  DATA_DIR: dataDir,
  ...sandboxEnv(sandboxUrl),
});
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: `${dataDir}/pglite` });
const app = await buildApp({ env, database, publicUrl: 'http://localhost:3000' });
await app.ready();
let committed = 0;
const stopListening = await database.listen('triage_item_changes', (payload) => {
  const changes = parseItemChanges(payload);
  const inserted = Array.isArray(changes) ? changes.filter((change) => change.op === 'INSERT').length : 0;
  if (inserted === 0) return;
  committed += inserted;
  process.stdout.write(`committed ${committed}\n`);
});
const result = await resyncIntegration(
  { deps: app.mail, userId },
  { integrationId, daysBack: 30, maxEmails: 10_000, folders: ['inbox', 'sent', 'archive'] },
);
process.stdout.write(`done ${JSON.stringify(result.foldersProcessed)}\n`);
await stopListening();
await app.close();
await database.close();
