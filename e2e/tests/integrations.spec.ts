import { checkAccessibility, expect, signUpThroughUi, test } from '../support/fixtures';
import {
  card,
  connectMailbox,
  createSandboxMailbox,
  openConsent,
  signUpAndConnect,
  toast,
  uniqueMailbox,
} from './integrations-support';

test.describe('Email Integration: connecting through the OAuth popup', () => {
  test('connects an Office 365 mailbox with Allow and initialises its sync', async ({
    page,
    consoleErrors,
  }) => {
    const address = uniqueMailbox('office365');
    await createSandboxMailbox(page.request, address, 'office365');
    await signUpThroughUi(page);
    await page.goto('/integrations/email');
    await expect(page.getByText('No email accounts connected')).toBeVisible();
    await checkAccessibility(page);

    await connectMailbox(page, 'office365', address);
    const office = card(page, address);
    await expect(office.getByText('Sandbox')).toBeVisible();
    await expect(toast(page, 'Sync Configuration Initialized')).toBeVisible({ timeout: 30_000 });
    await expect(office).toHaveAttribute('data-state', 'active');
    await expect(office.getByText('Active', { exact: true })).toBeVisible();
    await expect(office.getByText(/Last sync/)).toBeVisible();
    await checkAccessibility(page);
    void consoleErrors;
  });

  test('connects a Gmail mailbox too', async ({ page, consoleErrors }) => {
    const address = await signUpAndConnect(page, 'gmail');
    await expect(card(page, address)).toHaveAttribute('data-state', 'active');
    await expect(card(page, address).getByText(/^Gmail ·/)).toBeVisible();

    // Sandbox tokens live an hour, so they are inside the 60-minute window of the refresh-all control.
    await expect(page.getByTestId('update-email-button')).toHaveText('Update Email');
    await page.getByTestId('update-email-button').click();
    await expect(toast(page, 'Email Update Complete', '1 email connection refreshed.')).toBeVisible();

    // Connecting the same mailbox again updates the integration instead of adding a second one.
    await connectMailbox(page, 'gmail', address);
    await expect(page.getByTestId('integration-card')).toHaveCount(1);
    void consoleErrors;
  });

  test('Deny on the consent page shows the authentication failure', async ({ page, consoleErrors }) => {
    await signUpThroughUi(page);
    await page.goto('/integrations/email');
    const popup = await openConsent(page, 'office365');
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Deny' }).click();
    await closed;
    await expect(toast(page, 'Authentication Failed', 'User declined to consent')).toBeVisible();
    await expect(page.getByText('No email accounts connected')).toBeVisible();
    await checkAccessibility(page);
    void consoleErrors;
  });

  test('closing the popup shows "OAuth process was cancelled"', async ({ page, consoleErrors }) => {
    await signUpThroughUi(page);
    await page.goto('/integrations/email');
    const popup = await openConsent(page, 'gmail');
    await popup.close();
    await expect(toast(page, 'Connection Failed', 'OAuth process was cancelled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect Gmail' })).toBeEnabled();
    void consoleErrors;
  });
});
