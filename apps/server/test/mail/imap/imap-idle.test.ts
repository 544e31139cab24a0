// Decision 023: IMAP push. A node holds IDLE on each IMAP mailbox's INBOX and queues a sync through the fleet when the
// server tells of a change (decision 023), against a real Dovecot, on both databases.
import { type DovecotServer, startDovecot } from '@ledgerdesk/test-support/dovecot';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailIntegrations } from '../../../src/db/schema/email-integrations';
import { withUser } from '../../../src/db/with-user';
import { toLiveUpdatesDto } from '../../../src/features/integrations/live-updates-dto';
import { createSyncFleet, type SyncFleet } from '../../../src/jobs/sync-fleet';
import { sealImapAccount } from '../../../src/mail/core/imap-account';
import { findIntegration } from '../../../src/mail/core/integration-store';
import { jobRows, waitFor } from '../../jobs/support/job-rows';
import { pushRow } from '../../push/support/push-harness';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDatabaseKinds } from '../../support/test-database';
import { storedItems } from '../support/mailbox-compare';
import { connectImapBox, type ImapBox, mailClient, rawMessage, syncBox } from './imap-fixtures';

const started = await startDovecot();
if (started.unavailable) console.warn(`IMAP IDLE suite skipped: ${started.unavailable}`);
const dovecot = started.server as DovecotServer;
afterAll(() => dovecot?.stop());

/** Generous: the speed itself is measured by the bench; this only proves IDLE, not the poll, brought the mail. */
const ARRIVAL_BOUND_MS = 15_000;

describe.skipIf(started.unavailable !== null).each(testDatabaseKinds)(
  'IMAP IDLE against Dovecot (%s)',
  (kind) => {
    let t: TestApp;
    let fleet: SyncFleet;
    beforeAll(async () => {
      // The poll is an hour away: every sync in these tests is one a change heard over IDLE queued.
      t = await createTestApp(kind, {
        SYNC_INTERVAL_SECONDS: '3600',
        IMAP_IDLE_LEASE_SECONDS: '4',
        IMAP_ALLOW_PRIVATE_HOSTS: 'true',
      });
      fleet = createSyncFleet(t.app.mail);
      await fleet.start();
      t.app.syncFleet = fleet;
    }, 120_000);
    afterAll(async () => {
      await fleet?.stop();
      await t?.close();
    });

    const syncJobs = (box: ImapBox) =>
      jobRows<{ id: string; state: string; reason: string | null }>(
        t,
        `select id, state, data->>'reason' as reason from pgboss.job where name = 'mail-sync' and singleton_key = $1`,
        [box.integrationId],
      );
    const subjects = async (box: ImapBox) =>
      (await storedItems(t.app, box.userId, box.integrationId)).map((item) => item.subject);
    const liveUpdates = async (box: ImapBox) => {
      const integration = await findIntegration({ deps: t.app.mail, userId: box.userId }, box.integrationId);
      if (!integration) throw new Error('integration missing');
      return toLiveUpdatesDto(integration, (await pushRow(t, box)) ?? undefined);
    };
    const health = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/health' })).json() as {
        imapIdle: { connections: number; leases: number; mailboxesLive: number; maxPerNode: number };
      };

    it('new mail delivered by LMTP reaches triage within seconds, through a push-queued sync', async () => {
      const box = await connectImapBox(t, dovecot);
      expect((await syncBox(t, box)).criticalErrors).toBe(0);
      await waitFor(async () => (await pushRow(t, box))?.state === 'live', 20_000);
      expect(await liveUpdates(box)).toMatchObject({ state: 'live', reason: null });
      // The catch-up sync queued when IDLE started has run.
      await waitFor(async () => (await syncJobs(box)).every((job) => job.state === 'completed'), 20_000);
      const before = new Set((await syncJobs(box)).map((job) => job.id));
      expect((await health()).imapIdle).toMatchObject({
        connections: 1,
        leases: 1,
        mailboxesLive: 1,
        maxPerNode: 500,
      });
      const metrics = (await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '127.0.0.1' }))
        .body;
      expect(metrics).toContain('ledgerdesk_imap_idle_connections 1');

      const sentAt = Date.now();
      await dovecot.deliver(
        rawMessage({ messageId: `idle-${sentAt}@client.test`, subject: 'Pushed', to: box.address }),
        box.address,
      );
      await waitFor(async () => (await subjects(box)).includes('Pushed'), ARRIVAL_BOUND_MS);
      console.info(`IMAP IDLE: delivered → triage item in ${Date.now() - sentAt} ms (${kind})`);
      const pushed = (await syncJobs(box)).filter((job) => !before.has(job.id));
      expect(pushed.length).toBeGreaterThan(0);
      expect(pushed.every((job) => job.reason === 'push')).toBe(true);
      expect(Number((await pushRow(t, box))?.notificationCount)).toBeGreaterThan(0);
    }, 60_000);

    it('a flag change and an expunge made by another client reach triage through IDLE', async () => {
      const box = await connectImapBox(t, dovecot);
      for (const n of [1, 2])
        await dovecot.deliver(
          rawMessage({
            messageId: `flag${n}-${Date.now()}@client.test`,
            subject: `Flag ${n}`,
            to: box.address,
          }),
          box.address,
        );
      expect((await syncBox(t, box)).newEmails).toBe(2);
      await waitFor(async () => (await pushRow(t, box))?.state === 'live', 20_000);
      await waitFor(async () => (await syncJobs(box)).every((job) => job.state === 'completed'), 20_000);
      const items = () => storedItems(t.app, box.userId, box.integrationId);
      const client = await mailClient(dovecot, box);
      try {
        await client.mailboxOpen('INBOX');
        await client.messageFlagsAdd('1', ['\\Seen'], { uid: true });
        await waitFor(
          async () => (await items()).find((item) => item.subject === 'Flag 1')?.isRead === true,
          ARRIVAL_BOUND_MS,
        );
        await client.messageDelete('2', { uid: true });
        await waitFor(
          async () => !(await items()).some((item) => item.subject === 'Flag 2'),
          ARRIVAL_BOUND_MS,
        );
      } finally {
        await client.logout();
      }
      expect((await syncJobs(box)).every((job) => job.reason === 'push')).toBe(true);
    }, 60_000);

    it('a mailbox disabled or disconnected loses its IDLE', async () => {
      // Counted before the mailbox exists: the node may take it while it first syncs.
      const held = (await health()).imapIdle.connections;
      const box = await connectImapBox(t, dovecot);
      expect((await syncBox(t, box)).criticalErrors).toBe(0);
      await waitFor(async () => (await health()).imapIdle.connections > held, 20_000);
      await withUser(t.app.db, box.userId, (tx) =>
        tx
          .update(emailIntegrations)
          .set({ isActive: false })
          .where(eq(emailIntegrations.id, box.integrationId)),
      );
      // Dropped at the next renewal (a quarter lease: one second here).
      await waitFor(async () => (await health()).imapIdle.connections === held, 10_000);
    }, 60_000);

    it('a wrong password backs off instead of reconnecting, and live updates say why', async () => {
      const box = await connectImapBox(t, dovecot);
      const wrong = { ...box.account, password: 'not-the-password' };
      await withUser(t.app.db, box.userId, (tx) =>
        tx
          .update(emailIntegrations)
          .set({ imapAccount: sealImapAccount(t.app.mail.tokenCipher, wrong) })
          .where(eq(emailIntegrations.id, box.integrationId)),
      );
      const refusals = async () =>
        (await dovecot.readLog())
          .split('\n')
          .filter((line) => line.includes(`user=<${box.address}>`) && /auth failed/.test(line)).length;
      await waitFor(async () => (await pushRow(t, box))?.state === 'failing', 30_000);
      const row = await pushRow(t, box);
      expect(row).toMatchObject({ channel: 'imap-idle', failureCount: 3 });
      expect(row?.lastError).toBe('The IMAP server refused the user name or password.');
      expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
      // Email Integration: "Live updates off — checking every minute", and why.
      expect(await liveUpdates(box)).toMatchObject({
        state: 'attention',
        reason: 'The IMAP server refused the user name or password.',
      });
      await waitFor(async () => (await refusals()) >= 1, 10_000);
      const first = await refusals();
      // The holder claims every half second here: a reconnect loop would log in a dozen times meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      expect(await refusals()).toBe(first);
      expect(first).toBe(1);
      expect((await pushRow(t, box))?.failureCount).toBe(3);
    }, 60_000);
  },
);
