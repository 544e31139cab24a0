import { ARCHIVE_ERRORS } from '@ledgerdesk/domain/mail/archive-errors';
import { CONNECTION_EXPIRED_MESSAGE } from '@ledgerdesk/domain/mail/token-messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triageItems } from '../../src/db/schema/triage-items';
import { withUser } from '../../src/db/with-user';
import { recordFailure, SYNC_FAILURES_BEFORE_NOTICE } from '../../src/mail/core/notices/failure-notice';
import { archiveMessage, sendEmail, unarchiveMessage } from '../../src/mail/mail-service';
import { testDatabaseKinds } from '../support/test-database';
import {
  type Connected,
  connectFreshMailbox,
  integrationRow,
  mailboxSummary,
  patchIntegration,
  sync,
} from './support/mail-fixtures';
import { createMailHarness, type MailHarness } from './support/mail-harness';
import { mailboxKeys, storedItems, storedKeys } from './support/mailbox-compare';

const PROVIDERS = ['office365', 'gmail'] as const;

async function firstInboxItem(h: MailHarness, box: Connected) {
  const item = (await storedItems(h.app, box.userId, box.integrationId)).find(
    (candidate) => candidate.metadata.mail_folder === 'inbox' && candidate.emailMessageId,
  );
  if (!item?.emailMessageId) throw new Error('no inbox item');
  return { ...item, emailMessageId: item.emailMessageId };
}

async function systemNotices(h: MailHarness, box: Connected) {
  return withUser(h.app.db, box.userId, (tx) =>
    tx
      .select()
      .from(triageItems)
      .where(
        and(
          eq(triageItems.emailIntegrationId, box.integrationId),
          eq(triageItems.notificationType, 'system'),
        ),
      ),
  );
}

describe.each(testDatabaseKinds)('mail actions against the sandbox (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  });
  afterAll(async () => h?.close());

  describe.each(PROVIDERS)('%s', (provider) => {
    it('archives then unarchives, and the item keeps its identity', async () => {
      const box = await connectFreshMailbox(h, provider);
      await sync(h, box);
      const item = await firstInboxItem(h, box);
      const ctx = { deps: h.app.mail, userId: box.userId };
      const before = (await mailboxSummary(h, box.address)).folders;
      const archived = await archiveMessage(ctx, {
        integrationId: box.integrationId,
        messageId: item.emailMessageId,
      });
      expect(archived.newMessageId ?? item.emailMessageId).toBe(item.emailMessageId);
      const moved = (await mailboxSummary(h, box.address)).folders;
      expect([moved.inbox.total, moved.archive.total]).toEqual([
        before.inbox.total - 1,
        before.archive.total + 1,
      ]);
      await sync(h, box);
      let same = (await storedItems(h.app, box.userId, box.integrationId)).find((row) => row.id === item.id);
      expect(same?.metadata.mail_folder).toBe('archive');
      expect(same?.metadata.exchange_folder_state).toBe('archive');
      await unarchiveMessage(ctx, { integrationId: box.integrationId, messageId: item.emailMessageId });
      await sync(h, box);
      same = (await storedItems(h.app, box.userId, box.integrationId)).find((row) => row.id === item.id);
      expect(same?.metadata.mail_folder).toBe('inbox');
      expect(same?.emailMessageId).toBe(item.emailMessageId);
      expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
        await mailboxKeys(h.control, box.address),
      );
    });

    it('sends a reply and a reply-all that appear in Sent in the same thread', async () => {
      const box = await connectFreshMailbox(h, provider);
      await sync(h, box);
      const original = await firstInboxItem(h, box);
      const ctx = { deps: h.app.mail, userId: box.userId };
      const sender = /<([^>]+)>/.exec(original.fromAddress ?? '')?.[1] ?? original.fromAddress ?? '';
      const reply = await sendEmail(ctx, {
        triageItemId: original.id,
        to: [sender],
        cc: [],
        subject: `Re: ${original.subject}`,
        body: '<p>Thanks, received.</p>',
        replyType: 'reply',
      });
      expect(reply.sentFrom).toBe(box.address);
      await sendEmail(ctx, {
        integrationId: box.integrationId,
        originalMessageId: original.emailMessageId,
        threadId: original.emailThreadId ?? undefined,
        to: [sender],
        cc: ['partner@firm.test'],
        subject: `Re: ${original.subject}`,
        body: '<p>Looping in my partner.</p>',
        replyType: 'replyAll',
      });
      await sync(h, box);
      const sent = (await storedItems(h.app, box.userId, box.integrationId)).filter(
        (row) => row.metadata.mail_folder === 'sent' && row.emailThreadId === original.emailThreadId,
      );
      const previews = sent.map((row) => row.previewContent);
      expect(previews).toEqual(expect.arrayContaining(['Thanks, received.', 'Looping in my partner.']));
      expect(sent.find((row) => row.previewContent === 'Looping in my partner.')?.metadata.cc).toEqual(
        expect.arrayContaining([expect.stringContaining('partner@firm.test')]),
      );
      expect(sent.every((row) => row.status === 'sent')).toBe(true);
    });

    it('refreshes an expired access token transparently (provider-side expiry and our 5-minute window)', async () => {
      const box = await connectFreshMailbox(h, provider);
      const before = await integrationRow(h.app, box);
      await h.control('POST', `/mailboxes/${encodeURIComponent(box.address)}/expire-tokens`);
      expect((await sync(h, box)).criticalErrors).toBe(0);
      const afterRetry = await integrationRow(h.app, box);
      expect(afterRetry.accessToken).not.toBe(before.accessToken);
      await patchIntegration(h.app, box, { tokenExpiresAt: new Date(Date.now() + 60_000) });
      expect((await sync(h, box)).criticalErrors).toBe(0);
      const afterWindow = await integrationRow(h.app, box);
      expect(afterWindow.accessToken).not.toBe(afterRetry.accessToken);
      expect(afterWindow.tokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    });

    it('gives the spec message for a revoked refresh token, marks the integration and notifies once', async () => {
      const box = await connectFreshMailbox(h, provider);
      await sync(h, box);
      await h.control('POST', `/mailboxes/${encodeURIComponent(box.address)}/revoke`);
      await expect(sync(h, box)).rejects.toMatchObject({
        code: 'RECONNECT_REQUIRED',
        message: CONNECTION_EXPIRED_MESSAGE,
      });
      const row = await integrationRow(h.app, box);
      expect(row.needsReconnect).toBe(true);
      expect(row.metadata.sync_error_message).toBe(CONNECTION_EXPIRED_MESSAGE);
      await expect(sync(h, box)).rejects.toMatchObject({ message: CONNECTION_EXPIRED_MESSAGE });
      const notices = await systemNotices(h, box);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        notificationType: 'system',
        subject: `Sync failed for ${box.address}: ${CONNECTION_EXPIRED_MESSAGE}`,
      });
    });

    it('waits out a 429 with Retry-After', async () => {
      const box = await connectFreshMailbox(h, provider);
      await h.control('POST', '/faults', { provider, status: 429, count: 1, retryAfterSeconds: 1 });
      const started = Date.now();
      const report = await sync(h, box);
      expect(report.criticalErrors).toBe(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
        await mailboxKeys(h.control, box.address),
      );
    });

    it('completes after three 500s', async () => {
      const box = await connectFreshMailbox(h, provider);
      await h.control('POST', '/faults', { provider, status: 500, count: 3 });
      const report = await sync(h, box);
      expect(report.criticalErrors).toBe(0);
      expect((await h.control<{ faults: unknown[] }>('GET', '/faults')).faults).toEqual([]);
      expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
        await mailboxKeys(h.control, box.address),
      );
    });

    it('stores tokens encrypted, never as plain text', async () => {
      const box = await connectFreshMailbox(h, provider);
      const row = await integrationRow(h.app, box);
      const cipher = h.app.mail.tokenCipher;
      for (const value of [row.accessToken, row.refreshToken]) {
        expect(value).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
        const plain = cipher.decrypt(value ?? '');
        expect(plain.length).toBeGreaterThan(10);
        expect(value).not.toContain(plain);
      }
      // The decrypted value is the provider's real token: the provider accepts it.
      const probe =
        provider === 'office365'
          ? `${h.sandbox.url}/graph/v1.0/me`
          : `${h.sandbox.url}/gmail/gmail/v1/users/me/profile`;
      const answer = await fetch(probe, {
        headers: { authorization: `Bearer ${cipher.decrypt(row.accessToken ?? '')}` },
      });
      expect(answer.status).toBe(200);
    });
  });

  it('records sync failures on the integration and raises one notice per kind once they repeat', async () => {
    const box = await connectFreshMailbox(h, 'gmail', { messages: 1 });
    const ctx = { deps: h.app.mail, userId: box.userId };
    const integration = { id: box.integrationId, emailAddress: box.address };
    for (let attempt = 1; attempt <= SYNC_FAILURES_BEFORE_NOTICE + 1; attempt++) {
      await recordFailure(ctx, integration, 'sync', 'Gmail answered 503');
      const row = await integrationRow(h.app, box);
      expect(row.metadata).toMatchObject({
        sync_error_count: attempt,
        sync_error_message: 'Gmail answered 503',
      });
      expect(await systemNotices(h, box)).toHaveLength(attempt < SYNC_FAILURES_BEFORE_NOTICE ? 0 : 1);
    }
    expect((await systemNotices(h, box))[0]).toMatchObject({
      subject: `Sync failed for ${box.address}: Gmail answered 503`,
      fromAddress: 'Ledgerdesk',
      status: 'inbox',
      isRead: false,
    });
    await recordFailure(ctx, integration, 'reconnect', CONNECTION_EXPIRED_MESSAGE);
    expect(await systemNotices(h, box)).toHaveLength(2);
    expect((await sync(h, box)).criticalErrors).toBe(0);
    expect((await integrationRow(h.app, box)).metadata).toMatchObject({
      sync_error_count: 0,
      sync_error_message: null,
    });
  });

  it('answers "Archive Folder Missing" for an Office 365 mailbox without an Archive folder', async () => {
    const box = await connectFreshMailbox(h, 'office365', { archiveFolder: false });
    expect((await sync(h, box)).criticalErrors).toBe(0);
    const item = await firstInboxItem(h, box);
    await expect(
      archiveMessage(
        { deps: h.app.mail, userId: box.userId },
        { integrationId: box.integrationId, messageId: item.emailMessageId },
      ),
    ).rejects.toMatchObject({
      code: 'ArchiveFolderMissing',
      message: ARCHIVE_ERRORS.ArchiveFolderMissing.description,
    });
  });

  it('asks an Office 365 connection without Mail.ReadWrite to reconnect before archiving', async () => {
    const box = await connectFreshMailbox(h, 'office365', { untick: ['Mail.ReadWrite'] });
    const row = await integrationRow(h.app, box);
    expect(row.scopes).not.toContain('Mail.ReadWrite');
    await expect(
      archiveMessage(
        { deps: h.app.mail, userId: box.userId },
        { integrationId: box.integrationId, messageId: 'any' },
      ),
    ).rejects.toMatchObject({
      code: 'InsufficientPermissions',
      message: ARCHIVE_ERRORS.InsufficientPermissions.description,
    });
  });
});
