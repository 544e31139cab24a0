import { readSandboxMailbox, syncNow, UNDO_WINDOW_POLL } from '../support/connect-sandbox';
import { checkAccessibility, expect, test } from '../support/fixtures';
import {
  clientMessage,
  detail,
  emailRows,
  openButton,
  rows,
  SHOTS_DIR,
  signUpWithMailbox,
} from '../support/triage-page';

test.use({ viewport: { width: 1440, height: 900 } });

test('a connected mailbox lists its threads; opening one expands the newest unread email and reads it', async ({
  page,
  consoleErrors,
}) => {
  await signUpWithMailbox(page, { messages: 30 });
  await expect(page.getByRole('heading', { name: 'Triage', level: 1 })).toBeVisible();
  await expect(page.getByTestId('item-count')).toHaveText(/\d+ items/);
  await expect(page.getByText('Select an item to view the thread')).toBeVisible();
  await expect(page.getByText('Thread details will appear here')).toBeVisible();
  for (const [label, count] of [
    ['All', 6],
    ['Email', 3],
    ['Mentions', 2],
    ['Notifications', 2],
    ['Unread', 4],
  ] as const) {
    await expect(page.getByRole('radio', { name: `${label} ${count}` })).toBeVisible();
  }
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/inbox-standard.png` });

  await page.getByRole('radio', { name: 'Enhanced' }).click();
  await expect(rows(page).first().getByTestId('participant-avatars')).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/inbox-enhanced.png` });
  await page.getByRole('radio', { name: 'Standard' }).click();

  // A thread of several unread emails: the newest (shown last) is the one expanded.
  const thread = page.locator('[data-testid="thread-row"][data-unread]:not([data-item-count="1"])').first();
  await expect(thread).toBeVisible();
  const threadKey = await thread.getAttribute('data-thread-key');
  await thread.locator('[data-row-index]').click();
  await expect(detail(page).getByTestId('thread-subject')).toBeVisible();
  await expect(emailRows(page).first()).toBeVisible();
  const count = await emailRows(page).count();
  expect(count).toBeGreaterThan(1);
  await expect(emailRows(page).nth(count - 1)).toHaveAttribute('data-expanded', 'true');
  await expect(page.locator('[data-testid="email-row"][data-expanded]')).toHaveCount(1);
  await expect(emailRows(page).first().getByTestId('email-preview')).toBeVisible();
  await expect(detail(page).getByRole('button', { name: 'Reply', exact: true }).first()).toBeVisible();
  await expect(detail(page).getByTestId('email-status').first()).toHaveText('Available');
  // Opening marked the thread read, in the list at once.
  await expect(page.locator(`[data-thread-key="${threadKey}"]`)).not.toHaveAttribute('data-unread', /.*/);
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/thread-open.png` });

  // Collapsing and expanding an older email.
  await emailRows(page).first().getByRole('button', { expanded: false }).click();
  await expect(emailRows(page).first()).toHaveAttribute('data-expanded', 'true');
  await detail(page).getByRole('button', { name: 'Forward' }).first().click();
  await expect(page.getByText('Forward functionality will be implemented soon')).toBeVisible();

  await page.emulateMedia({ colorScheme: 'dark' });
  // Let the buttons' colour transitions finish before measuring contrast.
  await page.waitForTimeout(400);
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/thread-open-dark.png` });
  await page.getByRole('button', { name: 'Close thread' }).click();
  await page.screenshot({ path: `${SHOTS_DIR}/inbox-dark.png` });
  void consoleErrors;
});

test('reply to a thread from the compose dialog, then find the reply in Sent', async ({
  page,
  consoleErrors,
}) => {
  const { address, integrationId } = await signUpWithMailbox(page, { messages: 20 });
  const sentBefore = (await readSandboxMailbox(page, address)).folders.sent.total;
  await openButton(page, 0).click();
  await expect(emailRows(page).first()).toBeVisible();
  const subject = (await detail(page).getByTestId('thread-subject').textContent()) ?? '';
  await detail(page)
    .getByRole('toolbar', { name: 'Thread actions' })
    .getByRole('button', { name: 'Reply', exact: true })
    .click();

  const dialog = page.getByRole('dialog', { name: 'Compose Email' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('From')).toHaveValue(address);
  await expect(dialog.getByLabel('From')).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Subject')).toHaveValue(/^(Re|RE): /);
  await expect(dialog.getByLabel('To')).not.toHaveValue('');
  const token = `reply-${Date.now().toString(36)}`;
  await dialog.getByLabel('Message').fill(`Thanks, noted. ${token}`);
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/compose-reply.png` });

  // Spec §5: an empty subject is refused before anything is sent.
  const replySubject = await dialog.getByLabel('Subject').inputValue();
  await dialog.getByLabel('Subject').fill('  ');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Missing Subject')).toBeVisible();
  await dialog.getByLabel('Subject').fill(replySubject);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email Sent', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect
    .poll(async () => (await readSandboxMailbox(page, address)).folders.sent.total, UNDO_WINDOW_POLL)
    .toBe(sentBefore + 1);
  await syncNow(page, integrationId);
  await page.goto('/triage/personal/sent');
  await expect(page.getByRole('heading', { name: 'Sent', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search items' }).fill(token);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(subject.replace(/^(re|RE|Re):\s*/, '').slice(0, 20));
  void consoleErrors;
});

test('a Gmail-only user replies from the Gmail mailbox (Office 365 is not required)', async ({
  page,
  consoleErrors,
}) => {
  const { address } = await signUpWithMailbox(page, {
    provider: 'gmail',
    deliver: [clientMessage('Gmail question')],
  });
  const sentBefore = (await readSandboxMailbox(page, address)).folders.sent.total;
  await openButton(page, 0).click();
  await expect(emailRows(page).first()).toBeVisible();
  await page.keyboard.press('r');
  const dialog = page.getByRole('dialog', { name: 'Compose Email' });
  await expect(dialog.getByLabel('From')).toHaveValue(address);
  await expect(dialog.getByLabel('Subject')).toHaveValue('Re: Gmail question');
  await expect(dialog.getByLabel('To')).toHaveValue('dana@client.test');
  await dialog.getByLabel('Message').fill('Answer from Gmail.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email Sent', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await readSandboxMailbox(page, address)).folders.sent.total, UNDO_WINDOW_POLL)
    .toBe(sentBefore + 1);
  void consoleErrors;
});
