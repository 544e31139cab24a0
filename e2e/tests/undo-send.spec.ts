import { readSandboxMailbox } from '../support/connect-sandbox';
import { checkAccessibility, expect, test } from '../support/fixtures';
import {
  clientMessage,
  detail,
  emailRows,
  openButton,
  SHOTS_DIR,
  signUpWithMailbox,
} from '../support/triage-page';

// Undo send (decision 010): a reply is held server-side for the undo window (5 s by default, set on the profile
// screen); "Email Sent" carries Undo, which takes it back and reopens the compose dialog as it was.

test.use({ viewport: { width: 1440, height: 900 } });

const HOLD_MS = 5000;

test('Undo in the Email Sent toast reopens the reply as written and the mailbox never gets it; sent again, it arrives', async ({
  page,
  consoleErrors,
}) => {
  const { address } = await signUpWithMailbox(page, { deliver: [clientMessage('Quarterly VAT return')] });
  const sentBefore = (await readSandboxMailbox(page, address)).folders.sent.total;
  await openButton(page, 0).click();
  await expect(emailRows(page).first()).toBeVisible();
  await page.keyboard.press('r');
  const compose = page.getByRole('dialog', { name: 'Compose Email' });
  await expect(compose.getByLabel('Subject')).toHaveValue('Re: Quarterly VAT return');
  const text = `Figures attached, please confirm. ${Date.now().toString(36)}`;
  await compose.getByLabel('Message').fill(text);
  await compose.getByLabel('Cc').fill('partner@firm.test');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(compose).toBeHidden();

  const sentToast = page.locator('[data-sonner-toast]').filter({ hasText: 'Email Sent' });
  await expect(sentToast).toBeVisible();
  const undo = sentToast.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  await page.waitForTimeout(500); // the toast's entry animation, for the screenshot
  await page.screenshot({ path: `${SHOTS_DIR}/undo-send-toast.png` });
  // Keyboard: the toast's Undo is a real button in the tab order.
  await undo.focus();
  await expect(undo).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(compose).toBeVisible();
  await expect(compose.getByLabel('Message')).toHaveValue(text);
  await expect(compose.getByLabel('Subject')).toHaveValue('Re: Quarterly VAT return');
  await expect(compose.getByLabel('To')).toHaveValue('dana@client.test');
  await expect(compose.getByLabel('Cc')).toHaveValue('partner@firm.test');
  await expect(compose.getByLabel('From')).toHaveValue(address);
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/undo-send-reopened.png` });

  // Well past the window: nothing reached the mailbox.
  await page.waitForTimeout(HOLD_MS + 2500);
  expect((await readSandboxMailbox(page, address)).folders.sent.total).toBe(sentBefore);

  // Sent again and left alone, it goes out once the window has passed, exactly once.
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(compose).toBeHidden();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Email Sent' }).first()).toBeVisible();
  expect((await readSandboxMailbox(page, address)).folders.sent.total).toBe(sentBefore);
  await expect
    .poll(async () => (await readSandboxMailbox(page, address)).folders.sent.total, { timeout: 20_000 })
    .toBe(sentBefore + 1);
  const sent = (await readSandboxMailbox(page, address)).messages.filter((m) => m.folder === 'sent');
  expect(sent.filter((m) => m.subject.includes('Quarterly VAT return'))).toHaveLength(1);
  void consoleErrors;
});

test('a held reply survives closing the tab; the undo window is a stored setting on the profile screen', async ({
  page,
  context,
  consoleErrors,
}) => {
  const { address } = await signUpWithMailbox(page, { deliver: [clientMessage('Payroll question')] });
  const sentBefore = (await readSandboxMailbox(page, address)).folders.sent.total;
  await openButton(page, 0).click();
  await expect(detail(page).getByTestId('thread-subject')).toBeVisible();
  await page.keyboard.press('r');
  const compose = page.getByRole('dialog', { name: 'Compose Email' });
  await compose.getByLabel('Message').fill('Answered before closing the tab.');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Email Sent' })).toBeVisible();
  await page.close();

  const next = await context.newPage();
  await expect
    .poll(async () => (await readSandboxMailbox(next, address)).folders.sent.total, { timeout: 20_000 })
    .toBe(sentBefore + 1);

  // The profile screen's Undo window: Off sends at once, with no Undo to offer.
  await next.goto('/profile');
  const setting = next.getByLabel('Undo window');
  await expect(setting).toHaveValue('5');
  await setting.selectOption('0');
  await checkAccessibility(next);
  await setting.scrollIntoViewIfNeeded();
  await next.screenshot({ path: `${SHOTS_DIR}/profile-undo-window.png` });
  await next.reload();
  await expect(next.getByLabel('Undo window')).toHaveValue('0');
  await next.goto('/triage/personal/inbox');
  await openButton(next, 0).click();
  await expect(detail(next).getByTestId('thread-subject')).toBeVisible();
  await next.keyboard.press('r');
  const again = next.getByRole('dialog', { name: 'Compose Email' });
  await again.getByLabel('Message').fill('And once more, at once.');
  await again.getByRole('button', { name: 'Send' }).click();
  const sentToast = next.locator('[data-sonner-toast]').filter({ hasText: 'Email Sent' });
  await expect(sentToast).toBeVisible();
  await expect(sentToast.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  expect((await readSandboxMailbox(next, address)).folders.sent.total).toBe(sentBefore + 2);
  void consoleErrors;
});

test('Undo from another screen keeps the message and reopens it when Triage is back', async ({
  page,
  consoleErrors,
}) => {
  const { address } = await signUpWithMailbox(page, { deliver: [clientMessage('Year-end accounts')] });
  const sentBefore = (await readSandboxMailbox(page, address)).folders.sent.total;
  await openButton(page, 0).click();
  await expect(detail(page).getByTestId('thread-subject')).toBeVisible();
  await page.keyboard.press('r');
  const compose = page.getByRole('dialog', { name: 'Compose Email' });
  await compose.getByLabel('Message').fill('Draft figures, second thoughts.');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(compose).toBeHidden();
  await page.getByRole('link', { name: /View Profile/ }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Email Sent' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(page.getByText('Email Not Sent', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Later' }).click();
  await expect(compose).toBeVisible();
  await expect(compose.getByLabel('Message')).toHaveValue('Draft figures, second thoughts.');
  await expect(compose.getByLabel('Subject')).toHaveValue('Re: Year-end accounts');
  await page.waitForTimeout(HOLD_MS + 2500);
  expect((await readSandboxMailbox(page, address)).folders.sent.total).toBe(sentBefore);
  void consoleErrors;
});

test('a held reply the provider refuses for good is reported live, and Edit brings it back', async ({
  page,
  consoleErrors,
}) => {
  const { address } = await signUpWithMailbox(page, { deliver: [clientMessage('Audit schedule')] });
  await openButton(page, 0).click();
  await expect(detail(page).getByTestId('thread-subject')).toBeVisible();
  await page.keyboard.press('r');
  const compose = page.getByRole('dialog', { name: 'Compose Email' });
  await compose.getByLabel('Message').fill('Tuesday suits us.');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(compose).toBeHidden();
  // Inside the window the mailbox's grant is revoked: the send fails for good once the hold is over.
  const revoked = await page.request.post(`/sandbox/control/mailboxes/${encodeURIComponent(address)}/revoke`);
  expect(revoked.ok()).toBe(true);
  const failure = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Token refresh failed. Please reconnect your email account.' });
  await expect(failure).toBeVisible({ timeout: 20_000 });
  await expect(failure).toContainText('Token Refresh Failed');
  await page.waitForTimeout(500); // the toast's entry animation, for the screenshot
  await page.screenshot({ path: `${SHOTS_DIR}/undo-send-failed.png` });
  await failure.getByRole('button', { name: 'Edit' }).click();
  await expect(compose).toBeVisible();
  await expect(compose.getByLabel('Message')).toHaveValue('Tuesday suits us.');
  await expect(compose.getByLabel('Subject')).toHaveValue('Re: Audit schedule');
  expect((await readSandboxMailbox(page, address)).messages.filter((m) => m.folder === 'sent')).toHaveLength(
    0,
  );
  void consoleErrors;
});
