import { EMAIL_FETCH_ERRORS } from '@ledgerdesk/domain/mail/email-fetch-errors';
import { CONNECTION_EXPIRED_MESSAGE } from '@ledgerdesk/domain/mail/token-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triageItems } from '../../src/db/schema/triage-items';
import { withUser } from '../../src/db/with-user';
import { fetchEmailContent } from '../../src/mail/mail-service';
import {
  connectFreshMailbox,
  integrationRow,
  mailboxSummary,
  patchIntegration,
  sync,
} from '../mail/support/mail-fixtures';
import { callFunction, createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { mailboxKeys, storedItems, storedKeys } from '../mail/support/mailbox-compare';
import { testDatabaseKinds } from '../support/test-database';

const COUNTERS = [
  'newEmails',
  'updatedEmails',
  'totalProcessed',
  'duplicates',
  'criticalErrors',
  'expectedErrors',
  'dateRange',
  'daysBack',
];

describe.each(testDatabaseKinds)('server functions: behaviour (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  });
  afterAll(async () => h?.close());

  it.each(['office365', 'gmail'] as const)(
    'initialize-sync-config stores the start and runs the first sync (%s)',
    async (provider) => {
      const box = await connectFreshMailbox(h, provider);
      const response = await callFunction(h.app, box.cookie, 'initialize-sync-config', {
        integrationId: box.integrationId,
        initialSyncDaysBack: 30,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ success: true });
      for (const key of COUNTERS) expect(body).toHaveProperty(key);
      const row = await integrationRow(h.app, box);
      expect(row.lastSyncAt).not.toBeNull();
      expect(Date.parse(String(row.metadata.sync_from_date))).toBeCloseTo(Date.now() - 30 * 86_400_000, -5);
      expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
        await mailboxKeys(h.control, box.address),
      );
    },
  );

  it('sync-office365-emails and sync-emails answer the spec shapes', async () => {
    const office = await connectFreshMailbox(h, 'office365');
    const first = await callFunction(h.app, office.cookie, 'sync-office365-emails', {
      integrationId: office.integrationId,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, criticalErrors: 0, daysBack: 7 });
    for (const key of ['message', ...COUNTERS]) expect(first.json()).toHaveProperty(key);
    const gmail = await connectFreshMailbox(h, 'gmail');
    const other = await callFunction(h.app, gmail.cookie, 'sync-emails', {
      integrationId: gmail.integrationId,
      maxEmails: 100,
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().synced).toBe(other.json().newEmails + other.json().updatedEmails);
    const again = await callFunction(h.app, gmail.cookie, 'sync-emails', {
      integrationId: gmail.integrationId,
    });
    expect(again.json()).toMatchObject({ synced: 0, newEmails: 0 });
  });

  it('fetch-email-content answers the email object, cached per message, and the catalogue errors', async () => {
    const box = await connectFreshMailbox(h, 'gmail');
    await sync(h, box);
    const item = (await storedItems(h.app, box.userId, box.integrationId)).find(
      (row) => row.metadata.has_attachments,
    );
    if (!item?.emailMessageId) throw new Error('no message with attachments in the fixture');
    const body = { email_message_id: item.emailMessageId, email_integration_id: box.integrationId };
    const response = await callFunction(h.app, box.cookie, 'fetch-gmail-content', body);
    expect(response.statusCode, response.body).toBe(200);
    const email = response.json();
    expect(Object.keys(email).sort()).toEqual(
      [
        'attachments',
        'bccRecipients',
        'body',
        'ccRecipients',
        'from',
        'hasAttachments',
        'id',
        'isRead',
        'receivedDateTime',
        'status',
        'subject',
        'toRecipients',
      ].sort(),
    );
    expect(email).toMatchObject({
      id: item.emailMessageId,
      subject: item.subject,
      hasAttachments: true,
      status: 'available',
    });
    expect(email.attachments[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      size: expect.any(Number),
    });
    expect(email.body.content.length).toBeGreaterThan(0);
    await h.control('POST', '/faults', { provider: 'gmail', status: 500, count: 20 });
    try {
      const cached = await callFunction(h.app, box.cookie, 'fetch-email-content', body);
      expect(cached.statusCode).toBe(200);
      expect(cached.json()).toEqual(email);
    } finally {
      await h.control('DELETE', '/faults');
    }
    const missing = await callFunction(h.app, box.cookie, 'fetch-email-content', {
      ...body,
      email_message_id: 'gone-123',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({
      code: 'EmailNotFound',
      message: EMAIL_FETCH_ERRORS.EmailNotFound.description,
    });
    await patchIntegration(h.app, box, { isActive: false });
    const inactive = await callFunction(h.app, box.cookie, 'fetch-email-content', body);
    expect(inactive.json().error).toEqual({
      code: 'EmailIntegrationInactive',
      message: EMAIL_FETCH_ERRORS.EmailIntegrationInactive.description,
    });
  });

  it('answers RequestTimeout when the provider does not answer in time', async () => {
    const box = await connectFreshMailbox(h, 'office365', { messages: 3 });
    await sync(h, box);
    const item = (await storedItems(h.app, box.userId, box.integrationId))[0];
    await h.control('POST', '/faults', {
      provider: 'office365',
      status: 'timeout',
      count: 10,
      pathContains: '/messages/',
    });
    try {
      await expect(
        fetchEmailContent(
          { deps: h.app.mail, userId: box.userId },
          { integrationId: box.integrationId, messageId: item?.emailMessageId ?? '', timeoutMs: 1500 },
        ),
      ).rejects.toMatchObject({
        statusCode: 504,
        code: 'RequestTimeout',
        message: EMAIL_FETCH_ERRORS.RequestTimeout.description,
      });
    } finally {
      await h.control('DELETE', '/faults');
    }
  });

  it('archive-email, unarchive-email and send-office365-email answer the spec shapes', async () => {
    const box = await connectFreshMailbox(h, 'office365');
    await sync(h, box);
    const item = (await storedItems(h.app, box.userId, box.integrationId)).find(
      (row) => row.metadata.mail_folder === 'inbox',
    );
    if (!item?.emailMessageId) throw new Error('no inbox item');
    const archive = await callFunction(h.app, box.cookie, 'archive-email', {
      messageId: item.emailMessageId,
      integrationId: box.integrationId,
    });
    expect(archive.statusCode, archive.body).toBe(200);
    expect(archive.json()).toEqual({ success: true });
    const unarchive = await callFunction(h.app, box.cookie, 'unarchive-email', {
      messageId: item.emailMessageId,
      integrationId: box.integrationId,
    });
    expect(unarchive.json()).toEqual({ success: true });
    const send = await callFunction(h.app, box.cookie, 'send-office365-email', {
      to: ['client@client.test'],
      cc: [],
      subject: 'Engagement letter 2025',
      body: '<p>Please find the letter attached.</p>',
      triageItemId: null,
      replyType: 'new',
      threadId: null,
      originalMessageId: null,
    });
    expect(send.statusCode, send.body).toBe(200);
    expect(send.json()).toEqual({ success: true, sentFrom: box.address });
    expect(
      (await mailboxSummary(h, box.address)).messages.some(
        (m) => m.folder === 'sent' && m.subject === 'Engagement letter 2025',
      ),
    ).toBe(true);
  });

  it('refresh-email-token refreshes, and gives the spec message once the grant is revoked', async () => {
    const box = await connectFreshMailbox(h, 'gmail');
    const before = await integrationRow(h.app, box);
    const ok = await callFunction(h.app, box.cookie, 'refresh-email-token', {
      integrationId: box.integrationId,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, integrationId: box.integrationId });
    expect((await integrationRow(h.app, box)).accessToken).not.toBe(before.accessToken);
    await h.control('POST', `/mailboxes/${encodeURIComponent(box.address)}/revoke`);
    const revoked = await callFunction(h.app, box.cookie, 'refresh-email-token', {
      integrationId: box.integrationId,
    });
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().error).toEqual({ code: 'RECONNECT_REQUIRED', message: CONNECTION_EXPIRED_MESSAGE });
    expect((await integrationRow(h.app, box)).needsReconnect).toBe(true);
  });

  it.each(['office365', 'gmail'] as const)(
    'enhanced-full-resync-emails rebuilds the chosen folders only (%s)',
    async (provider) => {
      const box = await connectFreshMailbox(h, provider, { messages: 40 });
      await sync(h, box);
      const items = await storedItems(h.app, box.userId, box.integrationId);
      const inboxItem = items.find((row) => row.metadata.mail_folder === 'inbox');
      const sentIds = items
        .filter((row) => row.metadata.mail_folder === 'sent')
        .map((row) => row.id)
        .sort();
      if (!inboxItem) throw new Error('no inbox item');
      await withUser(h.app.db, box.userId, (tx) =>
        tx.update(triageItems).set({ status: 'later' }).where(eq(triageItems.id, inboxItem.id)),
      );
      const response = await callFunction(h.app, box.cookie, 'enhanced-full-resync-emails', {
        integrationId: box.integrationId,
        daysBack: 30,
        maxEmails: 1000,
        resetMode: 'complete',
        includeFolders: { inbox: true, sent: false, archive: true },
      });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json();
      const summary = await mailboxSummary(h, box.address);
      expect(result).toMatchObject({ success: true, error: null, errors: 0 });
      expect(result.foldersProcessed).toEqual({
        inbox: summary.folders.inbox.total,
        sent: 0,
        archive: summary.folders.archive.total,
      });
      const after = await storedItems(h.app, box.userId, box.integrationId);
      expect(after.some((row) => row.id === inboxItem.id)).toBe(false);
      expect(after.find((row) => row.emailMessageId === inboxItem.emailMessageId)?.status).toBe('inbox');
      expect(
        after
          .filter((row) => row.metadata.mail_folder === 'sent')
          .map((row) => row.id)
          .sort(),
      ).toEqual(sentIds);
      const metadata = (await integrationRow(h.app, box)).metadata;
      expect(metadata).toMatchObject({
        delta_token_inbox: null,
        delta_token_sent: null,
        delta_token_archive: null,
        history_id: null,
        post_reset_state: true,
        reset_scope: { inbox: true, sent: false, archive: true },
        reset_items_count: result.created + result.updated,
        sync_error_count: 0,
      });
      expect(Date.parse(String(metadata.last_complete_reset_at))).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(String(metadata.reset_baseline_date))).toBeCloseTo(Date.now() - 30 * 86_400_000, -5);
      const next = await sync(h, box);
      expect(next.newEmails).toBe(0);
      expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
        await mailboxKeys(h.control, box.address),
      );
    },
  );
});
