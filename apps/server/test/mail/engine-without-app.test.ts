import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findIntegration } from '../../src/mail/core/integration-store';
import { createMailDeps } from '../../src/mail/core/mail-deps';
import { syncIntegrationRun } from '../../src/mail/sync/sync-integration';
import { testDatabaseKinds } from '../support/test-database';
import { connectFreshMailbox } from './support/mail-fixtures';
import { createMailHarness, type MailHarness } from './support/mail-harness';
import { mailboxKeys, storedKeys } from './support/mailbox-compare';

describe.each(testDatabaseKinds)('the sync engine without the app (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  }, 120_000);
  afterAll(async () => h?.close());

  it('syncs a mailbox with nothing but its explicit dependencies', async () => {
    const box = await connectFreshMailbox(h, 'gmail', { messages: 12 });
    // Only what the engine needs: the database, the env (providers, key), the public URL and a logger.
    const deps = createMailDeps({
      env: h.app.env,
      database: h.database,
      publicUrl: 'http://localhost:3000',
      log: { debug() {}, info() {}, warn() {}, error() {} },
    });
    const ctx = { deps, userId: box.userId };
    const integration = await findIntegration(ctx, box.integrationId);
    if (!integration) throw new Error('integration missing');
    const report = await syncIntegrationRun(ctx, integration);
    expect(report.criticalErrors, report.errorMessage ?? '').toBe(0);
    expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
      await mailboxKeys(h.control, box.address),
    );
  });
});
