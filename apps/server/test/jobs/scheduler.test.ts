import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { listSyncCandidates } from '../../src/jobs/sync-candidates';
import { createSyncFleet } from '../../src/jobs/sync-fleet';
import { runSyncJob } from '../../src/mail/fleet';
import { withSyncLock } from '../../src/mail/sync/sync-lock';
import { connectFreshMailbox, integrationRow, patchIntegration } from '../mail/support/mail-fixtures';
import { callFunction, createMailHarness, type MailHarness, sandboxEnv } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { testEnv } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const giveUp = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > giveUp) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(testDatabaseKinds)('scheduler (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    // Tokens live 10 minutes: inside the scheduler's 15-minute refresh window from the start.
    h = await createMailHarness(kind, { env: { SYNC_INTERVAL_SECONDS: '1' }, tokenLifetimeSeconds: 600 });
  });
  afterAll(async () => h?.close());

  it('syncs initialised integrations every interval, refreshes tokens ahead of expiry, leaves others unsynced', async () => {
    const ready = await connectFreshMailbox(h, 'office365', { messages: 10 });
    const init = await callFunction(h.app, ready.cookie, 'initialize-sync-config', {
      integrationId: ready.integrationId,
    });
    expect(init.statusCode, init.body).toBe(200);
    const fresh = await connectFreshMailbox(h, 'gmail', { messages: 10 });
    const freshToken = (await integrationRow(h.app, fresh)).accessToken;
    const countBefore = (await storedItems(h.app, ready.userId, ready.integrationId)).length;
    await h.control('POST', '/messages', {
      mailbox: ready.address,
      from: 'Pat Client <pat@client.test>',
      to: [ready.address],
      subject: 'Payroll question for March',
      text: 'Can we move the payroll run?',
    });
    const fleet = createSyncFleet(h.app.mail);
    await fleet.start();
    try {
      await waitFor(async () =>
        (await storedItems(h.app, ready.userId, ready.integrationId)).some(
          (item) => item.subject === 'Payroll question for March',
        ),
      );
      await waitFor(async () => (await integrationRow(h.app, fresh)).accessToken !== freshToken);
    } finally {
      await fleet.stop();
    }
    expect((await storedItems(h.app, ready.userId, ready.integrationId)).length).toBe(countBefore + 1);
    expect(await storedItems(h.app, fresh.userId, fresh.integrationId)).toHaveLength(0);
    expect((await integrationRow(h.app, fresh)).lastSyncAt).toBeNull();
  });

  it('leaves an integration whose sync lock is held alone, and lists only active connected integrations', async () => {
    const box = await connectFreshMailbox(h, 'gmail', { messages: 5 });
    await callFunction(h.app, box.cookie, 'initialize-sync-config', { integrationId: box.integrationId });
    const due = (await listSyncCandidates(h.app.db)).find((row) => row.id === box.integrationId);
    if (!due) throw new Error('integration not listed');
    expect(due).toMatchObject({ userId: box.userId, provider: 'gmail', source: null });
    const parked = await connectFreshMailbox(h, 'gmail', { messages: 1 });
    await patchIntegration(h.app, parked, { needsReconnect: true });
    const off = await connectFreshMailbox(h, 'gmail', { messages: 1 });
    await patchIntegration(h.app, off, { isActive: false });
    const listed = (await listSyncCandidates(h.app.db)).map((row) => row.id);
    expect(listed).not.toContain(parked.integrationId);
    expect(listed).not.toContain(off.integrationId);
    const job = { integrationId: box.integrationId, userId: box.userId };
    const outcome = await withSyncLock(h.app.mail, box.integrationId, { waitMs: 0 }, () =>
      runSyncJob(h.app.mail, job),
    );
    expect(outcome).toBe('busy');
    expect(await runSyncJob(h.app.mail, job)).toBe('synced');
  });

  it('does nothing when SYNC_INTERVAL_SECONDS is 0', async () => {
    const box = await connectFreshMailbox(h, 'office365', { messages: 5 });
    await callFunction(h.app, box.cookie, 'initialize-sync-config', { integrationId: box.integrationId });
    await h.control('POST', '/messages', {
      mailbox: box.address,
      from: 'a@client.test',
      to: [box.address],
      subject: 'Not yet',
      text: 'x',
    });
    const disabled = { ...h.app.mail, env: { ...h.app.env, SYNC_INTERVAL_SECONDS: 0 } };
    const fleet = createSyncFleet(disabled);
    await fleet.start();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await fleet.status()).toMatchObject({ enabled: false });
    await fleet.stop();
    expect(
      (await storedItems(h.app, box.userId, box.integrationId)).some((item) => item.subject === 'Not yet'),
    ).toBe(false);
  });

  it.skipIf(kind !== 'postgres')(
    'keeps a second server process out of a running sync (advisory lock)',
    async () => {
      const url = h.database.url;
      if (!url) throw new Error('no database url');
      const env = testEnv({
        ...sandboxEnv(h.sandbox.url),
      });
      const otherDatabase = await openDatabase({ databaseUrl: url });
      const other = await buildApp({ env, database: otherDatabase, publicUrl: 'http://localhost:3000' });
      try {
        const integrationId = '00000000-0000-4000-8000-000000000001';
        let inner: string | null = 'not run';
        await withSyncLock(h.app.mail, integrationId, { waitMs: 0 }, async () => {
          inner = await withSyncLock(other.mail, integrationId, { waitMs: 300 }, async () => 'ran');
        });
        expect(inner).toBeNull();
        expect(await withSyncLock(other.mail, integrationId, { waitMs: 0 }, async () => 'ran')).toBe('ran');
      } finally {
        await other.close();
        await otherDatabase.close();
      }
    },
  );
});
