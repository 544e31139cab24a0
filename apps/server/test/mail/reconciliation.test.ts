import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxVerifications } from '../../src/db/schema/mailbox-push';
import { triageItems } from '../../src/db/schema/triage-items';
import { withUser } from '../../src/db/with-user';
import { runVerifyJob } from '../../src/mail/scheduled-runs';
import { verifyMailbox } from '../../src/mail/verify/verify-mailbox';
import { testDatabaseKinds } from '../support/test-database';
import { type Connected, connectFreshMailbox, sync } from './support/mail-fixtures';
import { createMailHarness, type MailHarness } from './support/mail-harness';
import { mailboxKeys, storedItems, storedKeys } from './support/mailbox-compare';

const PROVIDERS = ['office365', 'gmail'] as const;

describe.each(testDatabaseKinds)('reconciliation against the sandbox (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  });
  afterAll(async () => h?.close());

  const verify = (box: Connected) =>
    verifyMailbox(h.app.mail, { integrationId: box.integrationId, userId: box.userId });
  const verification = async (box: Connected) => {
    const rows = await withUser(h.app.db, box.userId, (tx) =>
      tx
        .select()
        .from(mailboxVerifications)
        .where(eq(mailboxVerifications.emailIntegrationId, box.integrationId)),
    );
    return rows[0];
  };
  const inSyncedFolders = async (box: Connected) => (await mailboxKeys(h.control, box.address)).length;
  const deliver = async (box: Connected, subject: string) => {
    const created = await h.control<{ id: string; immutableId?: string }>('POST', '/messages', {
      mailbox: box.address,
      from: 'Pat Client <pat@client.test>',
      to: [box.address],
      subject,
      text: 'Please find attached.',
    });
    return created.immutableId ?? created.id;
  };

  describe.each(PROVIDERS)('%s', (provider) => {
    it('finds and files an item removed from triage, records the counts, and finds nothing the next run', async () => {
      const box = await connectFreshMailbox(h, provider, { messages: 25 });
      expect((await sync(h, box)).criticalErrors).toBe(0);
      const [victim] = await storedItems(h.app, box.userId, box.integrationId);
      if (!victim?.emailMessageId) throw new Error('nothing synced');
      await withUser(h.app.db, box.userId, (tx) =>
        tx.delete(triageItems).where(eq(triageItems.id, victim.id)),
      );
      // The incremental sync has no reason to bring it back: only reconciliation can.
      await sync(h, box);
      expect(
        (await storedItems(h.app, box.userId, box.integrationId)).map((i) => i.emailMessageId),
      ).not.toContain(victim.emailMessageId);

      expect(await verify(box)).toBe('verified');
      const items = await storedItems(h.app, box.userId, box.integrationId);
      expect(items.map((item) => item.emailMessageId)).toContain(victim.emailMessageId);
      expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
        await mailboxKeys(h.control, box.address),
      );
      const first = await verification(box);
      expect(first).toMatchObject({
        messageCount: await inSyncedFolders(box),
        missingCount: 1,
        extraCount: 0,
        lastError: null,
        requestedAt: null,
      });
      expect(first?.verifiedAt).toBeInstanceOf(Date);
      expect(first?.startedAt?.getTime()).toBeLessThanOrEqual(first?.verifiedAt?.getTime() ?? 0);

      expect(await verify(box)).toBe('verified');
      expect(await verification(box)).toMatchObject({ missingCount: 0, extraCount: 0 });
    });

    it('skips a job queued while another run went on: the heal it reported stays', async () => {
      const box = await connectFreshMailbox(h, provider, { messages: 6 });
      expect((await sync(h, box)).criticalErrors).toBe(0);
      const [victim] = await storedItems(h.app, box.userId, box.integrationId);
      if (!victim) throw new Error('nothing synced');
      await withUser(h.app.db, box.userId, (tx) =>
        tx.delete(triageItems).where(eq(triageItems.id, victim.id)),
      );
      // A round queued a second job before the first run ended (the request showed until then).
      const secondQueuedAt = new Date();
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await verify(box)).toBe('verified');
      expect(await verification(box)).toMatchObject({ missingCount: 1 });
      const second = {
        integrationId: box.integrationId,
        userId: box.userId,
        queuedAt: secondQueuedAt.toISOString(),
      };
      expect(await runVerifyJob(h.app.mail, second)).toBe('skipped');
      expect(await verification(box)).toMatchObject({ missingCount: 1 });
      // A job queued after that run (the next day's, or one asked for) runs.
      expect(await runVerifyJob(h.app.mail, { ...second, queuedAt: new Date().toISOString() })).toBe(
        'synced',
      );
      expect(await verification(box)).toMatchObject({ missingCount: 0 });
    });

    it('files a message the provider left out of its changes', async () => {
      const box = await connectFreshMailbox(h, provider, { messages: 10 });
      await sync(h, box);
      const hidden = await deliver(box, 'Lost by the change feed');
      const shown = await deliver(box, 'Seen by the change feed');
      await h.control('POST', `/messages/${encodeURIComponent(hidden)}/hide-from-changes`);
      await sync(h, box);
      const idsAfterSync = (await storedItems(h.app, box.userId, box.integrationId)).map(
        (i) => i.emailMessageId,
      );
      expect(idsAfterSync).toContain(shown);
      expect(idsAfterSync).not.toContain(hidden);

      expect(await verify(box)).toBe('verified');
      const filed = (await storedItems(h.app, box.userId, box.integrationId)).find(
        (item) => item.emailMessageId === hidden,
      );
      expect(filed).toMatchObject({ subject: 'Lost by the change feed', status: 'inbox' });
      expect(await verification(box)).toMatchObject({ missingCount: 1, extraCount: 0 });
    });

    it('settles an item whose message was deleted at the provider while the cursor missed it', async () => {
      const box = await connectFreshMailbox(h, provider, { messages: 10 });
      await sync(h, box);
      const gone = await deliver(box, 'Deleted at the provider');
      await sync(h, box);
      await h.control('DELETE', `/messages/${encodeURIComponent(gone)}`);
      await h.control('POST', `/messages/${encodeURIComponent(gone)}/hide-from-changes`);
      await sync(h, box);
      expect(
        (await storedItems(h.app, box.userId, box.integrationId)).map((i) => i.emailMessageId),
      ).toContain(gone);

      expect(await verify(box)).toBe('verified');
      expect(
        (await storedItems(h.app, box.userId, box.integrationId)).map((i) => i.emailMessageId),
      ).not.toContain(gone);
      expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
        await mailboxKeys(h.control, box.address),
      );
      expect(await verification(box)).toMatchObject({ missingCount: 0, extraCount: 1 });
    });

    it('records a failure in words and leaves the mailbox syncing', async () => {
      const box = await connectFreshMailbox(h, provider, { messages: 5 });
      await sync(h, box);
      // Every listing call fails (the sync before it uses delta / history, which still answer).
      const path = provider === 'office365' ? '/messages?' : '/messages?q=';
      await h.control('POST', '/faults', { provider, status: 503, count: 50, pathContains: path });
      try {
        expect(await verify(box)).toBe('failed');
      } finally {
        await h.control('DELETE', '/faults');
      }
      const row = await verification(box);
      expect(row).toMatchObject({ lastError: 'The mail provider could not be reached.', verifiedAt: null });
      expect(row?.failedAt).toBeInstanceOf(Date);
      expect((await sync(h, box)).criticalErrors).toBe(0);
    });

    it('gives way when a sync holds the mailbox', async () => {
      const box = await connectFreshMailbox(h, provider, { messages: 3 });
      await sync(h, box);
      h.app.mail.syncLocks.add(box.integrationId);
      try {
        const outcome = await verifyMailbox(
          h.app.mail,
          { integrationId: box.integrationId, userId: box.userId },
          { waitMs: 0 },
        );
        expect(outcome).toBe('busy');
      } finally {
        h.app.mail.syncLocks.delete(box.integrationId);
      }
      const rows = await withUser(h.app.db, box.userId, (tx) =>
        tx
          .select()
          .from(mailboxVerifications)
          .where(and(eq(mailboxVerifications.emailIntegrationId, box.integrationId))),
      );
      expect(rows).toEqual([]);
    });
  });
});
