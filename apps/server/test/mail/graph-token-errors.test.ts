import {
  CONSENT_WITHDRAWN_MESSAGE,
  SIGN_IN_STEP_REQUIRED_MESSAGE,
} from '@ledgerdesk/domain/mail/token-messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triageItems } from '../../src/db/schema/triage-items';
import { withUser } from '../../src/db/with-user';
import { testDatabaseKinds } from '../support/test-database';
import { type Connected, connectFreshMailbox, integrationRow, sync } from './support/mail-fixtures';
import { connectMailbox, createMailHarness, type MailHarness } from './support/mail-harness';

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

const mailboxPath = (box: Connected, action: string) =>
  `/mailboxes/${encodeURIComponent(box.address)}/${action}`;

describe.each(testDatabaseKinds)('Microsoft token errors that need the user (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  });
  afterAll(async () => h?.close());

  it.each([
    ['interaction_required', SIGN_IN_STEP_REQUIRED_MESSAGE],
    ['consent_required', CONSENT_WITHDRAWN_MESSAGE],
  ])(
    'a refresh answered %s puts the mailbox into "Reconnect needed" with the reason in words, once',
    async (error, reason) => {
      const box = await connectFreshMailbox(h, 'office365', { messages: 5 });
      await sync(h, box);
      await h.control('POST', mailboxPath(box, 'refresh-error'), { error });
      await h.control('POST', mailboxPath(box, 'expire-tokens'));

      await expect(sync(h, box)).rejects.toMatchObject({ code: 'RECONNECT_REQUIRED' });
      const row = await integrationRow(h.app, box);
      expect(row.needsReconnect).toBe(true);
      expect(row.metadata.reconnect_reason).toBe(reason);
      expect(row.metadata.sync_error_message).toBe(reason);

      // The next run refuses at once (no failure every minute) and raises no second notice.
      const calls = await h.control<{ calls: Record<string, number> }>('GET', '/stats');
      await expect(sync(h, box)).rejects.toMatchObject({ code: 'RECONNECT_REQUIRED' });
      expect(await h.control<{ calls: Record<string, number> }>('GET', '/stats')).toEqual(calls);
      const notices = await systemNotices(h, box);
      expect(notices).toHaveLength(1);
      expect(notices[0]?.subject).toBe(`Sync failed for ${box.address}: ${reason}`);
    },
  );

  it('temporarily_unavailable is a failure of this run only: the next sync refreshes and completes', async () => {
    const box = await connectFreshMailbox(h, 'office365', { messages: 5 });
    await sync(h, box);
    await h.control('POST', mailboxPath(box, 'refresh-error'), {
      error: 'temporarily_unavailable',
      count: 1,
    });
    await h.control('POST', mailboxPath(box, 'expire-tokens'));

    const failed = await sync(h, box);
    expect(failed.criticalErrors).toBeGreaterThan(0);
    expect((await integrationRow(h.app, box)).needsReconnect).toBe(false);

    const report = await sync(h, box);
    expect(report.criticalErrors).toBe(0);
    const row = await integrationRow(h.app, box);
    expect(row.needsReconnect).toBe(false);
    expect(row.metadata.reconnect_reason ?? null).toBeNull();
  });

  it('reconnecting clears the reason and the state', async () => {
    const box = await connectFreshMailbox(h, 'office365', { messages: 5 });
    await h.control('POST', mailboxPath(box, 'refresh-error'), { error: 'interaction_required' });
    await h.control('POST', mailboxPath(box, 'expire-tokens'));
    await expect(sync(h, box)).rejects.toMatchObject({ code: 'RECONNECT_REQUIRED' });
    expect((await integrationRow(h.app, box)).metadata.reconnect_reason).toBe(SIGN_IN_STEP_REQUIRED_MESSAGE);
    await connectMailbox(h.app, box.cookie, 'office365', box.address, { untick: [] });
    const row = await integrationRow(h.app, box);
    expect(row.needsReconnect).toBe(false);
    expect(row.metadata.reconnect_reason).toBeNull();
  });
});
