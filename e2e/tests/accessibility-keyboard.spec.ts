import { deliverSandboxMessage, readSandboxMailbox, UNDO_WINDOW_POLL } from '../support/connect-sandbox';
import { checkAccessibility, expect, test, uniqueEmail } from '../support/fixtures';
import { expectVisibleFocus, tabTo } from '../support/keyboard';
import { clientMessage, detail, rows } from '../support/triage-page';
import { createSandboxMailbox, uniqueMailbox } from './integrations-support';

// docs/accessibility.md: a person who cannot use a mouse does the whole round trip with the keyboard alone. No click, no
// hover, no fill in this journey: only Tab, Enter, Escape, the triage shortcuts and typing; every Tab stop is
// checked for a visible focus indicator that nothing covers.

test.use({ viewport: { width: 1280, height: 800 } });

test('keyboard only: sign up, connect a sandbox mailbox, open, clear, reply and sign out', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const address = uniqueMailbox('office365');
  await createSandboxMailbox(page.request, address, 'office365', 0);
  for (const subject of ['Year-end accounts', 'Payroll for November', 'VAT return Q3'])
    await deliverSandboxMessage(page, { ...clientMessage(subject), mailbox: address });

  // Sign up.
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
  await tabTo(page, page.getByRole('tab', { name: 'Sign Up' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(uniqueEmail('keys'));
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type('ledger-desk-42');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/triage/personal/inbox');

  // Connect the mailbox: the sidebar link, the connect card, then the provider's consent popup.
  await tabTo(page, page.getByTestId('sidebar').getByRole('link', { name: 'Email Integration' }), {
    maxPresses: 60,
  });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Email Integration', level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Connect Office 365' }));
  const popupPromise = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  const popup = await popupPromise;
  await popup.waitForURL(/\/sandbox\//);
  await tabTo(popup, popup.getByLabel('Mailbox'));
  await popup.keyboard.press('Control+a');
  await popup.keyboard.type(address);
  const closed = popup.waitForEvent('close');
  await popup.keyboard.press('Enter');
  await closed;
  await expect(page.getByText('Connection Successful').first()).toBeVisible();
  await expect(page.getByText('Sync Configuration Initialized').first()).toBeVisible({ timeout: 30_000 });

  // Back to the inbox through the sidebar, fetch the mail, then into the list.
  await tabTo(page, page.getByRole('link', { name: /^Triage( \d+ unread)?$/ }), {
    backwards: true,
    maxPresses: 80,
  });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Triage', level: 1 })).toBeVisible();
  // The first sync runs on the minute; the header's manual sync fetches the mail now.
  await tabTo(page, page.getByRole('button', { name: 'Refresh All Folders' }));
  await page.keyboard.press('Enter');
  await expect(rows(page)).toHaveCount(3, { timeout: 30_000 });
  const firstRow = rows(page).first().locator('[data-row-index]');
  await tabTo(page, firstRow, { maxPresses: 40 });

  // Open the first thread, then clear it with its shortcut.
  const firstKey = await rows(page).first().getAttribute('data-thread-key');
  await page.keyboard.press('Enter');
  await expect(detail(page).getByTestId('thread-subject')).toBeVisible();
  await expect(firstRow).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('e');
  await expect(page.locator(`[data-thread-key="${firstKey}"]`)).toHaveCount(0);
  await expect(page.getByText('Email Archived', { exact: true }).first()).toBeVisible();

  // The `?` overlay traps focus and gives it back to the row that had it.
  await tabTo(page, rows(page).first().locator('[data-row-index]'), { maxPresses: 40 });
  const rowWithFocus = rows(page).first().locator('[data-row-index]');
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  for (let press = 0; press < 4; press += 1) {
    await page.keyboard.press('Tab');
    await expect(help.locator(':focus')).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(rowWithFocus).toBeFocused();

  // Open the next thread and reply to it: `r` opens the compose dialog, focus stays inside it.
  const sentBefore = (await readSandboxMailbox(page, address)).folders.sent.total;
  await page.keyboard.press('Enter');
  await expect(detail(page).getByTestId('thread-subject')).toBeVisible();
  await page.keyboard.press('r');
  const compose = page.getByRole('dialog', { name: 'Compose Email' });
  await expect(compose).toBeVisible();
  await expect(compose.getByLabel('Subject')).toHaveValue(/^(Re|RE): /);
  await checkAccessibility(page);
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press('Tab');
    await expect(compose.locator(':focus')).toHaveCount(1);
    await expectVisibleFocus(page);
  }
  await tabTo(page, compose.getByLabel('Message'));
  await page.keyboard.type('Thanks, received with thanks.');
  await tabTo(page, compose.getByRole('button', { name: 'Send' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Email Sent', { exact: true }).first()).toBeVisible();
  await expect(compose).toBeHidden();
  await expect
    .poll(async () => (await readSandboxMailbox(page, address)).folders.sent.total, UNDO_WINDOW_POLL)
    .toBe(sentBefore + 1);

  // Sign out from the sidebar's footer.
  await tabTo(page, page.getByRole('button', { name: 'Sign Out' }), { backwards: true, maxPresses: 80 });
  await page.keyboard.press('Enter');
  await page.waitForURL('**/auth');
  await expect(page.getByText('Signed out', { exact: true }).first()).toBeVisible();
  void consoleErrors;
});
