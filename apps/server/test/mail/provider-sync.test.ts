import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSources } from '../../src/db/schema/notification-sources';
import { profiles } from '../../src/db/schema/profiles';
import { withUser } from '../../src/db/with-user';
import { setMessageReadState } from '../../src/mail/mail-service';
import { testDatabaseKinds } from '../support/test-database';
import { connectFreshMailbox, integrationRow, mailboxSummary, sync } from './support/mail-fixtures';
import { createMailHarness, type MailHarness } from './support/mail-harness';
import { mailboxKeys, storedItems, storedKeys } from './support/mailbox-compare';

const PROVIDERS = ['office365', 'gmail'] as const;

describe.each(testDatabaseKinds)('mail sync against the sandbox (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  });
  afterAll(async () => h?.close());

  describe.each(PROVIDERS)('%s', (provider) => {
    it('makes the first full sync equal to the mailbox, with the spec fields', async () => {
      const box = await connectFreshMailbox(h, provider, { messages: 60 });
      // The generated messages are random per address (a small mailbox may have no archived thread): one known
      // message per folder makes every folder's mapping checked on every run.
      for (const folder of ['inbox', 'sent', 'archive'] as const) {
        await h.control('POST', '/messages', {
          mailbox: box.address,
          from: folder === 'sent' ? box.address : 'Pat Client <pat@client.test>',
          to: [folder === 'sent' ? 'pat@client.test' : box.address],
          subject: `Known ${folder} message`,
          text: `In ${folder}.`,
          folder,
        });
      }
      const report = await sync(h, box);
      expect(report.criticalErrors).toBe(0);
      expect(report.newEmails).toBe(
        63 - (await mailboxSummary(h, box.address)).messages.filter((m) => m.folder === 'trash').length,
      );
      expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
        await mailboxKeys(h.control, box.address),
      );
      const items = await storedItems(h.app, box.userId, box.integrationId);
      const statusByFolder = new Map(items.map((item) => [String(item.metadata.mail_folder), item.status]));
      expect(statusByFolder.get('inbox')).toBe('inbox');
      expect(statusByFolder.get('sent')).toBe('sent');
      expect(statusByFolder.get('archive')).toBe('cleared');
      for (const item of items) {
        expect(item.fromAddress).toMatch(/^(.+ <[^<>\s]+@[^<>\s]+>|[^<>\s]+@[^<>\s]+)$/);
        expect(item.emailThreadId).toBeTruthy();
        expect((item.previewContent ?? '').length).toBeLessThanOrEqual(100);
        expect(item.previewContent).not.toMatch(/<[a-z][^>]*>/i);
        expect(item.metadata.preview_content).toBe(item.previewContent);
        expect(item.metadata.exchange_folder_state ?? null).toBe(
          item.metadata.mail_folder === 'archive' ? 'archive' : null,
        );
        // The seed's no-reply senders (HMRC reminders) are automated mail (decision 014); people are email.
        expect(item.type).toBe(item.metadata.automated_reason ? 'notification' : 'email');
      }
      expect((await integrationRow(h.app, box)).lastSyncAt).not.toBeNull();
    });

    it("marks a message that mentions the user's @handle and links the mailbox's email source", async () => {
      const box = await connectFreshMailbox(h, provider, { messages: 3 });
      const sourceId = await withUser(h.app.db, box.userId, async (tx) => {
        await tx.update(profiles).set({ handle: '@alex.m' }).where(eq(profiles.id, box.userId));
        const [source] = await tx
          .insert(notificationSources)
          .values({
            userId: box.userId,
            sourceName: box.address,
            configuration: { provider, integration_id: box.integrationId },
          })
          .returning({ id: notificationSources.id });
        return source?.id;
      });
      await h.control('POST', '/messages', {
        mailbox: box.address,
        from: 'Robin Reviewer <robin@client.test>',
        to: [box.address],
        subject: 'Quick question on the accruals',
        text: 'Hi team, @alex.m can you confirm the accruals before Friday?',
      });
      await sync(h, box);
      const items = await storedItems(h.app, box.userId, box.integrationId);
      expect(items.find((item) => item.subject === 'Quick question on the accruals')?.type).toBe('mention');
      expect(items.filter((item) => item.type === 'mention')).toHaveLength(1);
      expect(items.every((item) => item.notificationSourceId === sourceId)).toBe(true);
    });

    it('picks up a new, a changed (read) and a deleted message incrementally', async () => {
      const box = await connectFreshMailbox(h, provider, { messages: 25 });
      await sync(h, box);
      const before = await mailboxSummary(h, box.address);
      const inbox = before.messages.filter((m) => m.folder === 'inbox');
      const unread = inbox.find((m) => !m.isRead);
      // Subjects repeat within threads: the deleted message must not share one with the message marked read.
      const doomed = inbox.find((m) => m.subject !== unread?.subject);
      if (!unread || !doomed) throw new Error('fixture mailbox lacks inbox messages');
      await h.control('POST', '/messages', {
        mailbox: box.address,
        from: 'Dana Client <dana@client.test>',
        to: [box.address],
        subject: 'New engagement letter',
        text: 'Please sign the attached engagement letter.',
      });
      const items = await storedItems(h.app, box.userId, box.integrationId);
      const unreadItem = items.find((item) => item.subject === unread.subject && !item.isRead);
      if (!unreadItem?.emailMessageId) throw new Error('unread message not synced');
      await setMessageReadState(
        { deps: h.app.mail, userId: box.userId },
        {
          integrationId: box.integrationId,
          messageId: unreadItem.emailMessageId,
          isRead: true,
        },
      );
      await h.control('DELETE', `/messages/${encodeURIComponent(doomed.id)}`);
      const report = await sync(h, box);
      expect(report).toMatchObject({ newEmails: 1, updatedEmails: 1, deletedEmails: 1, criticalErrors: 0 });
      expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
        await mailboxKeys(h.control, box.address),
      );
      const again = await sync(h, box);
      expect(again).toMatchObject({ newEmails: 0, updatedEmails: 0, deletedEmails: 0 });
    });

    it('resyncs after an expired cursor without loss or duplicates, finding a deletion made in the gap', async () => {
      const box = await connectFreshMailbox(h, provider, { messages: 40 });
      await sync(h, box);
      const summary = await mailboxSummary(h, box.address);
      const doomed = summary.messages.find((m) => m.folder === 'sent') ?? summary.messages[0];
      if (!doomed) throw new Error('empty mailbox');
      await h.control('POST', `/mailboxes/${encodeURIComponent(box.address)}/expire-cursors`);
      await h.control('DELETE', `/messages/${encodeURIComponent(doomed.id)}`);
      await h.control('POST', '/messages', {
        mailbox: box.address,
        from: 'Sam Partner <sam@client.test>',
        to: [box.address],
        subject: 'Q3 VAT return ready for review',
        html: '<p>The <b>VAT</b> return is ready.</p>',
      });
      const report = await sync(h, box);
      expect(report.criticalErrors).toBe(0);
      expect(report.resyncedFolders.length).toBeGreaterThan(0);
      const items = await storedItems(h.app, box.userId, box.integrationId);
      const ids = items.map((item) => item.emailMessageId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
        await mailboxKeys(h.control, box.address),
      );
      const next = await sync(h, box);
      expect(next.resyncedFolders).toEqual([]);
      expect(next.newEmails + next.deletedEmails).toBe(0);
    });

    it('completes a full sync with the provider quota limits on', async () => {
      await h.control('POST', '/quotas', { provider, enabled: true });
      try {
        const box = await connectFreshMailbox(h, provider, { messages: 200 });
        const report = await sync(h, box);
        expect(report.criticalErrors).toBe(0);
        expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
          await mailboxKeys(h.control, box.address),
        );
      } finally {
        await h.control('POST', '/quotas', { provider, enabled: false });
      }
    });
  });
});
