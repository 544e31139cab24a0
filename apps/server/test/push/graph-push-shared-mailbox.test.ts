import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import {
  checkedEvery,
  LIVE_UPDATES_TEXT,
  liveUpdatesLine,
} from '@ledgerdesk/domain/integrations/live-updates';
import { ACCESS_REMOVED_NOTE } from '@ledgerdesk/domain/integrations/shared-mailbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncIntegration } from '../../src/mail/mail-service';
import { jobRows, waitFor } from '../jobs/support/job-rows';
import { storedItems } from '../mail/support/mailbox-compare';
import { testDatabaseKinds } from '../support/test-database';
import { createPushHarness, type PushHarness, pushRow, sandboxSubscriptions } from './support/push-harness';
import { addSharedMailbox, type SharedMailboxBox } from './support/shared-mailbox-fixture';

/** Shorter than the default 15 s so the test sees several slots; the round stays at 60 s. */
const POLL_SECONDS = 3;
const HOUR_MS = 3_600_000;

// Live updates of a Microsoft 365 shared mailbox (decision 028). Graph refuses a delegated subscription on any
// mailbox but the signed-in user's, so the subscription is the application's own (client credentials), possible
// once the tenant's admin has granted Mail.Read; until then the mailbox is polled every few seconds, and the card
// says so, with no push job retrying what cannot succeed.
describe.each(testDatabaseKinds)('Office 365 live updates of a shared mailbox (%s)', (kind) => {
  let h: PushHarness;
  const domain = `push-shared-${kind}-${Date.now()}.test`;
  let box: SharedMailboxBox;

  const card = async (): Promise<EmailIntegrationDto> => {
    const response = await h.app.inject({
      method: 'GET',
      url: '/api/integrations',
      headers: { cookie: box.cookie },
    });
    const all = response.json().integrations as EmailIntegrationDto[];
    const found = all.find((item) => item.id === box.integrationId);
    if (!found) throw new Error('the shared mailbox is not listed');
    return found;
  };
  const deliver = (subject: string) =>
    h.control('POST', '/messages', {
      mailbox: box.shared,
      from: 'Pat Client <pat@client.test>',
      to: [box.shared],
      subject,
      text: 'For the accounts team.',
    });
  const arrived = async (subject: string) =>
    (await storedItems(h.app, box.userId, box.integrationId)).some((item) => item.subject === subject);

  beforeAll(async () => {
    h = await createPushHarness(kind, {
      withFleet: true,
      env: { SHARED_MAILBOX_POLL_SECONDS: String(POLL_SECONDS) },
    });
    box = await addSharedMailbox(h.app, h.control, h.publicUrl, domain);
    await syncIntegration({ deps: h.app.mail, userId: box.userId }, { integrationId: box.integrationId });
    await h.app.syncFleet?.queuePush(box);
    await waitFor(async () => (await pushRow(h, box))?.state === 'unavailable', 60_000);
  }, 180_000);
  afterAll(async () => h?.close());

  it('without admin consent: no subscription, no retry, polled every few seconds, and the card says so', async () => {
    const row = await pushRow(h, box);
    expect(row).toMatchObject({ state: 'unavailable', failureCount: 0, subscriptionId: null });
    expect(row?.lastError).toBe(LIVE_UPDATES_TEXT.sharedNeedsConsent);
    // Asked again with the daily renewals (or "Check again"), not on an hourly backoff for ever.
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 23 * HOUR_MS);
    expect(await sandboxSubscriptions(h, box.shared)).toEqual([]);

    const push = (await card()).push;
    expect(push).toMatchObject({ state: 'polling', pollSeconds: POLL_SECONDS, needsAdminConsent: true });
    expect(liveUpdatesLine(push)).toBe(
      `${checkedEvery(POLL_SECONDS)} — ${LIVE_UPDATES_TEXT.sharedNeedsConsent}`,
    );

    // New mail comes in by the shared-mailbox poll, well before the next 60 s round.
    const subject = `Polled from the shared mailbox ${Date.now()}`;
    await deliver(subject);
    await waitFor(() => arrived(subject), 3 * POLL_SECONDS * 1000);
    const polls = await jobRows<{ slot: string }>(
      h,
      `select data->>'slot' as slot from pgboss.job where name = 'mail-sync' and singleton_key = $1
         and data->>'slot' like 'shared:%'`,
      [box.integrationId],
    );
    expect(polls.length).toBeGreaterThan(0);
  });

  it('once the admin grants Mail.Read, "Check again" makes an app-only subscription and new mail arrives by notification', async () => {
    await h.control('PUT', `/tenants/${domain}/app-permissions`, { roles: ['Mail.Read'] });
    const check = await h.app.inject({
      method: 'POST',
      url: `/api/integrations/${box.integrationId}/live-updates/check`,
      headers: { cookie: box.cookie, origin: h.publicUrl },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().integration.push.state).toBe('live');
    const [subscription, ...others] = await sandboxSubscriptions(h, box.shared);
    expect(others).toEqual([]);
    expect((subscription as unknown as { resource: string }).resource).toBe(
      `users/${encodeURIComponent(box.shared)}/messages`,
    );
    expect(await sandboxSubscriptions(h, box.user)).toEqual([]);
    expect(liveUpdatesLine((await card()).push)).toBe(LIVE_UPDATES_TEXT.live);

    const subject = `Pushed to the shared mailbox ${Date.now()}`;
    await deliver(subject);
    await waitFor(() => arrived(subject), 20_000);
    expect((await pushRow(h, box))?.notificationCount).toBeGreaterThan(0);
  });

  it('removes the subscription when the tenant takes access away, and sets it up again on Check Access Again', async () => {
    expect(await sandboxSubscriptions(h, box.shared)).toHaveLength(1);
    await h.control('PUT', `/mailboxes/${box.shared}/delegates/${box.user}`, { access: 'none' });
    await expect(
      syncIntegration({ deps: h.app.mail, userId: box.userId }, { integrationId: box.integrationId }),
    ).rejects.toThrow(ACCESS_REMOVED_NOTE);
    expect(await sandboxSubscriptions(h, box.shared)).toEqual([]);
    expect(await pushRow(h, box)).toBeFalsy();

    await h.control('PUT', `/mailboxes/${box.shared}/delegates/${box.user}`, { access: 'full' });
    const check = await h.app.inject({
      method: 'POST',
      url: `/api/integrations/${box.integrationId}/check-access`,
      headers: { cookie: box.cookie, origin: h.publicUrl },
    });
    expect(check.statusCode, check.body).toBe(200);
    await waitFor(async () => (await pushRow(h, box))?.state === 'live', 60_000);
    expect(await sandboxSubscriptions(h, box.shared)).toHaveLength(1);
  });
});
