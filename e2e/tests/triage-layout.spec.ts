import { checkAccessibility, expect, signUpThroughUi, test } from '../support/fixtures';
import { clientMessage, detail, rows, SHOTS_DIR, signUpWithMailbox } from '../support/triage-page';

test.use({ viewport: { width: 1440, height: 900 } });

const listWidthShare = async (page: import('@playwright/test').Page) => {
  const list = await page.locator('#triage-list-panel').boundingBox();
  const detailPane = await page.locator('#thread-detail-panel').boundingBox();
  return Math.round(((list?.width ?? 0) / ((list?.width ?? 0) + (detailPane?.width ?? 1))) * 100);
};

test('panel sizes: 60/40 by default, keyboard steps of 10, saved and restored after a reload, reset and lock', async ({
  page,
  consoleErrors,
}) => {
  await signUpWithMailbox(page, { deliver: [clientMessage('Quarter end')] });
  await expect.poll(() => listWidthShare(page)).toBe(60);
  const separator = page.getByRole('separator', { name: 'Resize panels' });
  // Resizing unlocks 300 ms after the list has loaded.
  await expect(separator).not.toHaveAttribute('aria-disabled', 'true');
  await separator.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => listWidthShare(page)).toBe(50);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  // Clamped at 25.
  await expect.poll(() => listWidthShare(page)).toBe(25);
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => listWidthShare(page)).toBe(75);
  await page.keyboard.press('ArrowLeft');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('ledgerdesk:triage-panel-sizes')))
    .toBe(JSON.stringify({ left: 65, right: 35 }));

  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await expect.poll(() => listWidthShare(page)).toBe(65);
  await expect(separator).not.toHaveAttribute('aria-disabled', 'true');

  await page.getByRole('button', { name: 'Reset panel sizes' }).click();
  await expect.poll(() => listWidthShare(page)).toBe(60);
  await page.getByRole('button', { name: 'Lock panels' }).click();
  await expect(page.getByRole('button', { name: 'Unlock panels' })).toBeVisible();
  await expect(separator).toHaveAttribute('aria-disabled', 'true');
  await separator.focus();
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(200);
  expect(await listWidthShare(page)).toBe(60);
  await page.getByRole('button', { name: 'Unlock panels' }).click();
  await checkAccessibility(page);
  void consoleErrors;
});

test('the separator drags with the mouse, keeps within 25–75 and saves where it was let go', async ({
  page,
  consoleErrors,
}) => {
  await signUpWithMailbox(page, { deliver: [clientMessage('Drag check')] });
  const separator = page.getByRole('separator', { name: 'Resize panels' });
  await expect(separator).not.toHaveAttribute('aria-disabled', 'true');
  const group = await page.locator('#triage-panels').boundingBox();
  const line = await separator.boundingBox();
  if (!group || !line) throw new Error('no panes');
  const y = line.y + line.height / 2;
  // Pressed 3 px beside the 1 px line: inside the 5 px hit margin of a mouse.
  await page.mouse.move(line.x + 3, y);
  await page.mouse.down();
  await page.mouse.move(group.x + group.width * 0.4 + 3, y, { steps: 8 });
  await expect.poll(() => listWidthShare(page)).toBe(40);
  // Over the email's side and past the limit: clamped at 75.
  await page.mouse.move(group.x + group.width * 0.95, y, { steps: 8 });
  await expect.poll(() => listWidthShare(page)).toBe(75);
  await page.mouse.move(group.x + group.width * 0.5 + 3, y, { steps: 8 });
  await page.mouse.up();
  await expect.poll(() => listWidthShare(page)).toBe(50);
  await expect(separator).toHaveAttribute('aria-valuenow', '50');
  // Moving after the release does nothing.
  await page.mouse.move(group.x + group.width * 0.3, y, { steps: 4 });
  expect(await listWidthShare(page)).toBe(50);
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem('ledgerdesk:triage-panel-sizes') ?? '{}').left),
    )
    .toBeCloseTo(50, 0);
  // The thread still opens with a click after a drag.
  await rows(page).first().locator('[data-row-index]').click();
  await expect(detail(page).getByTestId('thread-subject')).toHaveText('Drag check');
  void consoleErrors;
});

test('on a phone the panes stack, with a back button from the thread to the list', async ({
  page,
  consoleErrors,
}) => {
  await signUpWithMailbox(page, {
    deliver: [clientMessage('Bank feed question'), clientMessage('Receipts for March')],
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByText('Select an item to view the thread')).toBeHidden();
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/mobile-list.png` });
  const subject = (await rows(page).first().textContent())?.includes('Receipts')
    ? 'Receipts for March'
    : 'Bank feed question';
  await rows(page).first().locator('[data-row-index]').click();
  await expect(detail(page).getByTestId('thread-subject')).toHaveText(subject);
  await expect(rows(page).first()).toBeHidden();
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/mobile-thread.png` });
  await page.getByRole('button', { name: 'Back to list' }).click();
  await expect(rows(page)).toHaveCount(2);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS_DIR}/mobile-list-dark.png` });
  void consoleErrors;
});

test('without a mailbox: loading, the empty inbox and a compose that cannot send', async ({
  page,
  consoleErrors,
}) => {
  await signUpThroughUi(page);
  await page.route('**/api/triage/threads?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Loading your triage items...')).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/loading.png` });
  await checkAccessibility(page);
  await expect(page.getByText('No items in Triage')).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/empty-inbox.png` });
  await page.unroute('**/api/triage/threads?**');
  await page.goto('/triage/personal/later');
  await expect(page.getByText('No items in Later')).toBeVisible();

  await page.getByRole('button', { name: 'Compose' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compose Email' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('From')).toHaveValue('No email account connected');
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await dialog.getByLabel('To').fill('client@example.test');
  await dialog.getByLabel('Subject').fill('Hello');
  await dialog.getByLabel('To').press('Control+Enter');
  await expect(page.getByText('No Email Account Connected')).toBeVisible();
  await page.waitForTimeout(600);
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/compose-no-account.png` });
  void consoleErrors;
});

test('compose checks the recipient and subject before sending a new mail', async ({
  page,
  consoleErrors,
}) => {
  const { address } = await signUpWithMailbox(page, { deliver: [clientMessage('Hello there')] });
  await page.getByRole('button', { name: 'Compose' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compose Email' });
  await expect(dialog.getByLabel('From')).toHaveValue(address);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Missing Recipient')).toBeVisible();
  await dialog.getByLabel('To').fill('client@example.test');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Missing Subject')).toBeVisible();
  await dialog.getByLabel('Subject').fill('Documents needed');
  await dialog.getByLabel('Message').fill('Please send the bank statements.');
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/compose-new.png` });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email Sent', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The form is reset after closing.
  await page.getByRole('button', { name: 'Compose' }).click();
  await expect(dialog.getByLabel('Subject')).toHaveValue('');
  void consoleErrors;
});

test('a thread whose mailbox access was revoked shows the error card and "Failed to Load Thread"', async ({
  page,
  consoleErrors,
}) => {
  const { address } = await signUpWithMailbox(page, { deliver: [clientMessage('Access check')] });
  const revoked = await page.request.post(`/sandbox/control/mailboxes/${encodeURIComponent(address)}/revoke`);
  expect(revoked.ok()).toBe(true);
  await rows(page).first().locator('[data-row-index]').click();
  await expect(page.getByText('Failed to Load Thread')).toBeVisible({ timeout: 20_000 });
  await expect(detail(page).getByTestId('status-card')).toContainText('Unable to Load Email');
  await expect(
    detail(page).getByText('If this continues, try refreshing your email connection in Settings'),
  ).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/thread-error.png` });
  void consoleErrors;
});
