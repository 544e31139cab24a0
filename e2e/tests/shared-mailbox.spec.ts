import {
  ACCESS_REMOVED_NOTE,
  ACCESS_RESTORED_TITLE,
  ADD_SHARED_MAILBOX_LABEL,
  CHECK_ACCESS_LABEL,
  openedWithLine,
  SHARED_MAILBOX_ADDRESS_LABEL,
  SHARED_MAILBOX_BADGE,
  SHARED_MAILBOX_ERRORS,
} from '@ledgerdesk/domain/integrations/shared-mailbox';
import { expect, signUpThroughUi, test } from '../support/fixtures';
import { SHOTS_DIR } from '../support/triage-page';
import { card, toast } from './integrations-support';

// Microsoft 365 shared mailboxes (decision 024): a user adds accounts@ of their tenant with their own sign-in,
// its card says it is shared; when the tenant removes the access the card shows it, and Check Access Again
// brings it back once the access is granted again.

test('adds a shared mailbox with the own sign-in, shows access removed, and recovers it', async ({
  page,
}) => {
  const domain = `tenant-${Date.now().toString(36)}.test`;
  const user = `alex@${domain}`;
  const shared = `accounts@${domain}`;
  const control = (method: 'post' | 'put', path: string, data: unknown) =>
    page.request[method](`/sandbox/control${path}`, { data });
  expect(
    (await control('post', '/mailboxes', { address: user, provider: 'office365', messages: 2 })).ok(),
  ).toBe(true);
  expect(
    (
      await control('post', '/mailboxes', {
        address: shared,
        provider: 'office365',
        messages: 8,
        shared: true,
      })
    ).ok(),
  ).toBe(true);
  const grant = (access: string) => control('put', `/mailboxes/${shared}/delegates/${user}`, { access });
  await grant('full');

  await signUpThroughUi(page);
  await page.goto('/integrations/email');
  await page.getByRole('button', { name: ADD_SHARED_MAILBOX_LABEL }).click();
  const address = page.getByLabel(SHARED_MAILBOX_ADDRESS_LABEL);
  await address.fill('accounts');
  await page.getByRole('button', { name: ADD_SHARED_MAILBOX_LABEL }).click();
  await expect(page.getByRole('alert').filter({ hasText: SHARED_MAILBOX_ERRORS.notAnAddress })).toBeVisible();

  await address.fill(shared);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: ADD_SHARED_MAILBOX_LABEL }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/sandbox\//);
  await popup.getByLabel('Mailbox').fill(user);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;
  await expect(toast(page, 'Connection Successful', shared).first()).toBeVisible();
  const sharedCard = card(page, shared);
  await expect(sharedCard.getByText(SHARED_MAILBOX_BADGE)).toBeVisible();
  await expect(sharedCard.getByText(openedWithLine(user))).toBeVisible();
  await expect(toast(page, 'Sync Configuration Initialized')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS_DIR}/shared-mailbox-1280.png`, fullPage: true });

  // The tenant removes the access; the next sync finds it out.
  await grant('none');
  const { integrations } = await (await page.request.get('/api/integrations')).json();
  const integrationId = integrations.find(
    (item: { emailAddress: string }) => item.emailAddress === shared,
  ).id;
  const synced = await page.request.post('/api/functions/sync-office365-emails', {
    data: { integrationId, daysBack: 7 },
  });
  expect(synced.status()).toBe(409);
  expect((await synced.json()).error.message).toBe(ACCESS_REMOVED_NOTE);
  await page.reload();
  await expect(sharedCard.getByText(ACCESS_REMOVED_NOTE)).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/shared-mailbox-access-removed-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(sharedCard.getByText(ACCESS_REMOVED_NOTE)).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/shared-mailbox-access-removed-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await grant('full');
  await sharedCard.getByRole('button', { name: `${CHECK_ACCESS_LABEL} for ${shared}` }).click();
  await expect(toast(page, ACCESS_RESTORED_TITLE)).toBeVisible();
  await expect(sharedCard.getByText(ACCESS_REMOVED_NOTE)).toHaveCount(0);
});
