import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { resetFailedMessage } from '@ledgerdesk/domain/integrations/reset-dialog';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triageItems } from '../../src/db/schema/triage-items';
import { withUser } from '../../src/db/with-user';
import {
  type Connected,
  connectFreshMailbox,
  integrationRow,
  mailboxSummary,
  sync,
} from '../mail/support/mail-fixtures';
import { callFunction, createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

const DAY_MS = 86_400_000;

/** Marks every item of `folder` as organised by hand (status later, a marker in metadata). */
async function organise(h: MailHarness, box: Connected, folder: string) {
  await withUser(h.app.db, box.userId, (tx) =>
    tx
      .update(triageItems)
      .set({
        status: 'later',
        metadata: sql`${triageItems.metadata} || '{"organised_by_hand": true}'::jsonb`,
      })
      .where(
        and(
          eq(triageItems.emailIntegrationId, box.integrationId),
          sql`${triageItems.metadata}->>'mail_folder' = ${folder}`,
        ),
      ),
  );
}

const byFolder = (items: Awaited<ReturnType<typeof storedItems>>, folder: string) =>
  items.filter((item) => item.metadata.mail_folder === folder);

describe.each(testDatabaseKinds)('Enhanced Reset through the API on %s', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  });
  afterAll(async () => h?.close());

  describe.each(['office365', 'gmail'] as const)('%s', (provider) => {
    it('rebuilds only the chosen folders and records the reset in the metadata', async () => {
      const box = await connectFreshMailbox(h, provider, { messages: 40 });
      await sync(h, box);
      await organise(h, box, 'inbox');
      await organise(h, box, 'archive');
      const archiveBefore = byFolder(await storedItems(h.app, box.userId, box.integrationId), 'archive');
      const summary = await mailboxSummary(h, box.address);
      const startedAt = Date.now();

      const response = await callFunction(h.app, box.cookie, 'enhanced-full-resync-emails', {
        integrationId: box.integrationId,
        daysBack: 30,
        maxEmails: 1000,
        resetMode: 'folders',
        includeFolders: { inbox: true, sent: true, archive: false },
      });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json();
      const rebuilt = summary.folders.inbox.total + summary.folders.sent.total;
      expect(result).toMatchObject({ success: true, error: null, errors: 0, conflicts: 0 });
      expect(result.created + result.updated).toBe(rebuilt);
      expect(result.foldersProcessed).toEqual({
        inbox: summary.folders.inbox.total,
        sent: summary.folders.sent.total,
        archive: 0,
      });

      const items = await storedItems(h.app, box.userId, box.integrationId);
      const inbox = byFolder(items, 'inbox');
      expect(inbox).toHaveLength(summary.folders.inbox.total);
      expect(inbox.every((item) => item.status === 'inbox' && !item.metadata.organised_by_hand)).toBe(true);
      const archive = byFolder(items, 'archive');
      expect(archive.map((item) => item.id).sort()).toEqual(archiveBefore.map((item) => item.id).sort());
      expect(archive.every((item) => item.status === 'later' && item.metadata.organised_by_hand)).toBe(true);

      const row = await integrationRow(h.app, box);
      const metadata = row.metadata;
      expect(Date.parse(String(metadata.last_complete_reset_at))).toBeGreaterThanOrEqual(startedAt - 1000);
      expect(metadata.reset_scope).toEqual({ inbox: true, sent: true, archive: false });
      expect(metadata.reset_items_count).toBe(rebuilt);
      expect(metadata.delta_token_inbox ?? null).toBeNull();
      expect(metadata.delta_token_sent ?? null).toBeNull();
      expect(metadata.delta_token_archive ?? null).toBeNull();
      expect(metadata.post_reset_state).toBe(true);
      expect(
        Math.abs(Date.parse(String(metadata.reset_baseline_date)) - (startedAt - 30 * DAY_MS)),
      ).toBeLessThan(60_000);
      expect(Number(metadata.sync_error_count ?? 0)).toBe(0);

      const info = await h.app.inject({
        method: 'GET',
        url: '/api/integrations/reset-info',
        headers: { cookie: box.cookie },
      });
      expect(info.json().resetInfo).toEqual({
        lastCompleteResetAt: new Date(String(metadata.last_complete_reset_at)).toISOString(),
        resetScope: { inbox: true, sent: true, archive: false },
        resetItemsCount: rebuilt,
      });
      const list = await h.app.inject({
        method: 'GET',
        url: '/api/integrations',
        headers: { cookie: box.cookie },
      });
      const [integration] = list.json<{ integrations: EmailIntegrationDto[] }>().integrations;
      expect(integration?.metadata).toMatchObject({ reset_items_count: rebuilt, post_reset_state: true });
      expect(Object.keys(integration?.metadata ?? {}).some((key) => key.startsWith('delta_token'))).toBe(
        false,
      );

      // The next incremental sync starts from the reset's baseline and duplicates nothing.
      const after = await sync(h, box);
      expect(after.criticalErrors).toBe(0);
      const again = await storedItems(h.app, box.userId, box.integrationId);
      const ids = again.filter((item) => item.type === 'email').map((item) => item.emailMessageId);
      expect(new Set(ids).size).toBe(ids.length);
    });
  });

  it('answers Enhanced Reset Failed and keeps every item when every folder listing fails', async () => {
    const box = await connectFreshMailbox(h, 'gmail', { messages: 10 });
    await sync(h, box);
    const before = await storedItems(h.app, box.userId, box.integrationId);
    // Enough 500s on the listing calls to outlast the sync retry policy.
    await h.control('POST', '/faults', {
      provider: 'gmail',
      status: 500,
      count: 50,
      pathContains: '/messages',
    });
    try {
      const response = await callFunction(h.app, box.cookie, 'enhanced-full-resync-emails', {
        integrationId: box.integrationId,
        daysBack: 30,
        maxEmails: 1000,
        resetMode: 'complete',
        includeFolders: { inbox: true, sent: true, archive: true },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toMatchObject({
        code: 'RESET_FAILED',
        message: resetFailedMessage().description,
      });
      expect(response.json().success).toBeUndefined();
    } finally {
      await h.control('DELETE', '/faults');
    }
    expect(await storedItems(h.app, box.userId, box.integrationId)).toEqual(before);
    expect((await integrationRow(h.app, box)).metadata.last_complete_reset_at ?? null).toBeNull();
  }, 60_000);

  it('refuses no folders, another user’s mailbox and a signed-out caller, and changes nothing', async () => {
    const box = await connectFreshMailbox(h, 'office365', { messages: 10 });
    await sync(h, box);
    const before = (await storedItems(h.app, box.userId, box.integrationId)).length;
    const body = (includeFolders: Record<string, boolean>) => ({
      integrationId: box.integrationId,
      daysBack: 30,
      maxEmails: 1000,
      resetMode: 'complete',
      includeFolders,
    });
    const none = await callFunction(
      h.app,
      box.cookie,
      'enhanced-full-resync-emails',
      body({ inbox: false, sent: false, archive: false }),
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toContain('Please select at least one folder');
    const intruder = await signUp(h.app, `intruder-${Date.now()}@firm.test`);
    const foreign = await callFunction(
      h.app,
      intruder.cookie,
      'enhanced-full-resync-emails',
      body({ inbox: true, sent: true, archive: true }),
    );
    expect(foreign.statusCode).toBe(404);
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/api/functions/enhanced-full-resync-emails',
      payload: body({ inbox: true, sent: true, archive: true }),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await storedItems(h.app, box.userId, box.integrationId)).length).toBe(before);
    expect((await integrationRow(h.app, box)).metadata.last_complete_reset_at ?? null).toBeNull();
  });
});
