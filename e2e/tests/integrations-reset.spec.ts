import { checkAccessibility, expect, signUpThroughUi, test } from '../support/fixtures';
import { connectMailbox, createSandboxMailbox, toast, uniqueMailbox } from './integrations-support';

type MailboxSummary = { folders: Record<'inbox' | 'sent' | 'archive', { total: number }> };

test('Enhanced Reset rebuilds two folders and the previous-reset card shows it', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const address = uniqueMailbox('office365');
  await createSandboxMailbox(page.request, address, 'office365', 30);
  const summary = (await (
    await page.request.get(`/sandbox/control/mailboxes/${address}`)
  ).json()) as MailboxSummary;
  await signUpThroughUi(page);
  await page.goto('/integrations/email');
  await connectMailbox(page, 'office365', address);
  await expect(toast(page, 'Sync Configuration Initialized')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Enhanced Reset to Exchange' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Your Action: Cancel or Reset Everything' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/permanently deleted and rebuilt/)).toBeVisible();
  await expect(dialog.getByTestId('previous-reset')).toContainText('No reset has been run');
  for (const folder of ['Inbox', 'Sent Items', 'Archive']) {
    await expect(dialog.getByRole('checkbox', { name: new RegExp(folder) })).toBeChecked();
  }
  const resetButton = dialog.getByRole('button', { name: /^2\. Reset Everything/ });
  await expect(resetButton).toHaveText('2. Reset Everything (3 Folder(s))');
  await expect(dialog.getByText('Selected: 3 folder(s) will be reset')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '1. Cancel (Keep Current Data)' })).toBeVisible();

  for (const folder of ['Inbox', 'Sent Items', 'Archive']) {
    await dialog.getByRole('checkbox', { name: new RegExp(folder) }).click();
  }
  await expect(dialog.getByText('(Please select at least one folder)')).toBeVisible();
  await expect(resetButton).toHaveText('2. Reset Everything (0 Folder(s))');
  await expect(resetButton).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /Inbox/ }).click();
  await dialog.getByRole('checkbox', { name: /Sent Items/ }).click();
  await expect(dialog.getByText('Selected: 2 folder(s) will be reset')).toBeVisible();
  await expect(resetButton).toHaveText('2. Reset Everything (2 Folder(s))');
  await checkAccessibility(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  // Let the buttons' colour transitions finish before measuring contrast.
  await page.waitForTimeout(400);
  await checkAccessibility(page);
  await page.emulateMedia({ colorScheme: 'light' });

  await resetButton.click();
  // While it runs the dialog cannot be closed.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(toast(page, 'Enhanced Full Resync Completed')).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden({ timeout: 5_000 });

  const expected = summary.folders.inbox.total + summary.folders.sent.total;
  await page.getByRole('button', { name: 'Enhanced Reset to Exchange' }).click();
  const previous = dialog.getByTestId('previous-reset');
  await expect(previous.getByTestId('previous-reset-count')).toHaveText(String(expected));
  await expect(previous).toContainText('Inbox, Sent Items');
  const today = new Date().toLocaleDateString('en-US');
  await expect(previous).toContainText(today);
  await dialog.getByRole('button', { name: '1. Cancel (Keep Current Data)' }).click();
  await expect(dialog).toBeHidden();
  void consoleErrors;
});
