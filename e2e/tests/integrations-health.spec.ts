import { checkAccessibility, expect, test } from '../support/fixtures';
import { card, sandboxControl, signUpAndConnect, toast } from './integrations-support';

test.describe('Email Integration: keeping connections healthy', () => {
  test('a mailbox whose tokens expired shows Token Expired, and Refresh fixes it', async ({
    page,
    consoleErrors,
  }) => {
    const address = await signUpAndConnect(page, 'office365');

    // Microsoft's token endpoint is down and the access token has expired at the provider: the next use of
    // the mailbox gets a 401, the automatic refresh fails, and the app records the token as expired.
    await sandboxControl(page.request, '/faults', {
      provider: 'office365',
      status: 503,
      count: 1000,
      pathContains: 'oauth2/v2.0/token',
    });
    await sandboxControl(page.request, `/mailboxes/${address}/expire-tokens`);
    await page.goto('/triage/personal/inbox');
    await expect(page.getByTestId('connection-badge')).toContainText('Connected');
    await page.getByTestId('manual-sync-button').click();
    await expect(toast(page, 'Sync Failed').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('connection-badge')).toContainText('Token expired');
    await checkAccessibility(page);

    await page.goto('/integrations/email');
    const office = card(page, address);
    await expect(office).toHaveAttribute('data-state', 'token_expired');
    await expect(office.getByText('Token Expired', { exact: true })).toBeVisible();
    await expect(office.getByText('Token expired - refresh needed')).toBeVisible();
    await expect(page.getByText('Action Required')).toBeVisible();
    await expect(page.getByTestId('update-email-button')).toHaveText('Fix Expired Tokens');
    await checkAccessibility(page);

    const cleared = await page.request.delete('/sandbox/control/faults');
    expect(cleared.ok()).toBe(true);
    await office.getByRole('button', { name: `Refresh ${address}` }).click();
    await expect(toast(page, 'Token Refreshed')).toBeVisible();
    await expect(office).toHaveAttribute('data-state', 'active');
    await expect(page.getByText('Action Required')).toBeHidden();
    // The provider was down on purpose: the browser logs the API's 502 answers about it, which the page handled.
    const outage = 'Failed to load resource: the server responded with a status of 502 (Bad Gateway)';
    for (let index = consoleErrors.length - 1; index >= 0; index--) {
      if (consoleErrors[index] === outage) consoleErrors.splice(index, 1);
    }
  });

  test('a revoked mailbox asks to disconnect and reconnect', async ({ page, consoleErrors }) => {
    const address = await signUpAndConnect(page, 'gmail');

    await sandboxControl(page.request, `/mailboxes/${address}/revoke`);
    const gmail = card(page, address);
    await gmail.getByRole('button', { name: `Refresh ${address}` }).click();
    const message = 'Your email connection has expired. Please disconnect and reconnect your account.';
    await expect(toast(page, 'Refresh Failed', message)).toBeVisible();
    await expect(gmail.getByText(message)).toBeVisible();
    await checkAccessibility(page);
    void consoleErrors;
  });

  test('disconnect makes a mailbox inactive and Reactivate brings it back', async ({
    page,
    consoleErrors,
  }) => {
    const address = await signUpAndConnect(page, 'office365');

    const office = card(page, address);
    await office.getByRole('button', { name: `Disconnect ${address}` }).click();
    await expect(toast(page, 'Account Disconnected')).toBeVisible();
    await expect(office).toHaveAttribute('data-state', 'inactive');
    await expect(office.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(office.getByText('Inactive - reactivate to resume email loading')).toBeVisible();
    await expect(office.getByRole('button', { name: `Disconnect ${address}` })).toHaveCount(0);
    await checkAccessibility(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    // Let the buttons' colour transitions finish before measuring contrast.
    await page.waitForTimeout(400);
    await checkAccessibility(page);
    await page.emulateMedia({ colorScheme: 'light' });

    await page.goto('/triage/personal/inbox');
    await expect(page.getByTestId('connection-badge')).toContainText('Not connected');
    await page.goto('/integrations/email');
    await office.getByRole('button', { name: `Reactivate ${address}` }).click();
    await expect(toast(page, 'Integration Reactivated')).toBeVisible();
    await expect(office).toHaveAttribute('data-state', 'active');

    // Reconnect (Office 365): disconnect, then the connect popup opens again a second later.
    const popupPromise = page.waitForEvent('popup');
    await office.getByRole('button', { name: `Reconnect ${address}` }).click();
    const popup = await popupPromise;
    await popup.waitForURL(/\/sandbox\//);
    await popup.getByLabel('Mailbox').fill(address);
    await popup.getByRole('button', { name: 'Allow' }).click();
    await expect(toast(page, 'Connection Successful', address).first()).toBeVisible();
    await expect(page.getByTestId('integration-card')).toHaveCount(1);
    await expect(office).toHaveAttribute('data-state', 'active');
    void consoleErrors;
  });
});
