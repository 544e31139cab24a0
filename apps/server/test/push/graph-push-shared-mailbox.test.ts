import { ACCESS_REMOVED_NOTE } from '@ledgerdesk/domain/integrations/shared-mailbox';
import { allowSandboxConsent } from '@ledgerdesk/test-support/seed/connect-mailbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncIntegration } from '../../src/mail/mail-service';
import { waitFor } from '../jobs/support/job-rows';
import { callFunction, redirectUriFor, signUp } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { testDatabaseKinds } from '../support/test-database';
import { createPushHarness, type PushHarness, pushRow, sandboxSubscriptions } from './support/push-harness';

// Live updates of a Microsoft 365 shared mailbox (decision 024): the subscription is on
// users/{address}/messages with the user's own token, and a message reaching the shared mailbox comes into
// triage by notification.

describe.each(testDatabaseKinds)('Office 365 push of a shared mailbox (%s)', (kind) => {
  let h: PushHarness;
  const domain = `push-shared-${Date.now()}.test`;
  const user = `alex@${domain}`;
  const shared = `accounts@${domain}`;
  let box: { userId: string; integrationId: string };
  let cookie = '';

  beforeAll(async () => {
    h = await createPushHarness(kind, { withFleet: true });
    await h.control('POST', '/mailboxes', { address: user, provider: 'office365', messages: 1 });
    await h.control('POST', '/mailboxes', {
      address: shared,
      provider: 'office365',
      messages: 3,
      shared: true,
    });
    await h.control('PUT', `/mailboxes/${shared}/delegates/${user}`, { access: 'full' });
    const signedUp = await signUp(h.app, `push-shared-${Date.now()}@ledgerdesk.test`);
    cookie = signedUp.cookie;
    const { userId } = signedUp;
    const redirectUri = redirectUriFor('office365', h.publicUrl);
    const start = await callFunction(h.app, cookie, 'office365-auth', {
      action: 'get-auth-url',
      redirectUri,
      sharedMailbox: shared,
    });
    const back = await allowSandboxConsent(start.json().authUrl, user);
    const done = await callFunction(h.app, cookie, 'office365-auth', {
      code: back.searchParams.get('code'),
      redirectUri,
      state: back.searchParams.get('state'),
    });
    expect(done.statusCode, done.body).toBe(200);
    box = { userId, integrationId: done.json().integrationId };
    await syncIntegration({ deps: h.app.mail, userId }, { integrationId: box.integrationId });
    await waitFor(async () => (await pushRow(h, box))?.state === 'live', 60_000);
  }, 180_000);
  afterAll(async () => h?.close());

  it('subscribes on users/{address}/messages and brings new mail of the shared mailbox in by notification', async () => {
    const [subscription, ...others] = await sandboxSubscriptions(h, shared);
    expect(others).toEqual([]);
    expect((subscription as unknown as { resource: string }).resource).toBe(
      `users/${encodeURIComponent(shared)}/messages`,
    );
    expect(await sandboxSubscriptions(h, user)).toEqual([]);

    const subject = `Pushed to the shared mailbox ${Date.now()}`;
    await h.control('POST', '/messages', {
      mailbox: shared,
      from: 'Pat Client <pat@client.test>',
      to: [shared],
      subject,
      text: 'For the accounts team.',
    });
    await waitFor(
      async () =>
        (await storedItems(h.app, box.userId, box.integrationId)).some((item) => item.subject === subject),
      20_000,
    );
  });

  it('removes the subscription when the tenant takes access away, and sets it up again on Check Access Again', async () => {
    expect(await sandboxSubscriptions(h, shared)).toHaveLength(1);
    await h.control('PUT', `/mailboxes/${shared}/delegates/${user}`, { access: 'none' });
    await expect(
      syncIntegration({ deps: h.app.mail, userId: box.userId }, { integrationId: box.integrationId }),
    ).rejects.toThrow(ACCESS_REMOVED_NOTE);
    expect(await sandboxSubscriptions(h, shared)).toEqual([]);
    expect(await pushRow(h, box)).toBeFalsy();

    await h.control('PUT', `/mailboxes/${shared}/delegates/${user}`, { access: 'full' });
    const check = await h.app.inject({
      method: 'POST',
      url: `/api/integrations/${box.integrationId}/check-access`,
      headers: { cookie, origin: h.publicUrl },
    });
    expect(check.statusCode, check.body).toBe(200);
    await waitFor(async () => (await pushRow(h, box))?.state === 'live', 60_000);
    expect(await sandboxSubscriptions(h, shared)).toHaveLength(1);
  });
});
