import type { Page } from '@playwright/test';
import {
  deliverSandboxMessage,
  readSandboxMailbox,
  syncNow,
  UNDO_WINDOW_POLL,
} from '../support/connect-sandbox';
import { checkAccessibility, expect, test } from '../support/fixtures';
import { clientMessage, emailRows, rows, SHOTS_DIR, signUpWithMailbox } from '../support/triage-page';

test.use({ viewport: { width: 1440, height: 900 } });

const HOUR = 3_600_000;

/** Moves the server's clock forward (TEST_CLOCK_CONTROL=on in the journeys' server). */
async function advanceClock(page: Page, ms: number) {
  const response = await page.request.post('/api/test/clock/advance', { data: { ms } });
  expect(response.ok(), await response.text()).toBe(true);
}

const row = (page: Page, subject: string) => rows(page).filter({ hasText: subject });

test('h snoozes a thread into Scheduled, and it returns unread like new mail when its time comes', async ({
  page,
  consoleErrors,
}) => {
  await signUpWithMailbox(page, {
    deliver: [clientMessage('Payroll question'), clientMessage('Year-end accounts')],
  });
  await expect(rows(page)).toHaveCount(2);
  await row(page, 'Payroll question').locator('[data-row-index]').focus();
  await page.keyboard.press('h');
  const dialog = page.getByRole('dialog', { name: 'Snooze until…' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Later today/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Tomorrow morning/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Next week/ })).toBeVisible();
  await expect(dialog.getByLabel('Pick a date and time')).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/snooze-dialog.png` });
  await dialog.getByRole('button', { name: /Later today/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Snoozed', { exact: true })).toBeVisible();
  await expect(row(page, 'Payroll question')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(1);

  await page
    .getByRole('link', { name: /Scheduled/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Scheduled', level: 1 })).toBeVisible();
  await expect(row(page, 'Payroll question')).toHaveCount(1);
  await expect(row(page, 'Payroll question').getByTestId('snooze-returns')).toHaveText(
    /^Returns in \d+ hours?$/,
  );
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/scheduled-view.png` });

  await page
    .getByRole('link', { name: /^Triage/ })
    .first()
    .click();
  await expect(rows(page)).toHaveCount(1);
  await advanceClock(page, 4 * HOUR);
  const floating = page.getByRole('button', { name: 'View 1 new triage item(s)' });
  await expect(floating).toBeVisible({ timeout: 10_000 });
  await floating.click();
  await expect(rows(page)).toHaveCount(2);
  await expect(row(page, 'Payroll question')).toHaveAttribute('data-unread', 'true');
  void consoleErrors;
});

test('a follow-up reminder brings an unanswered thread back marked "No reply yet"; a reply cancels another', async ({
  page,
  consoleErrors,
}) => {
  const { address, integrationId } = await signUpWithMailbox(page, {
    deliver: [clientMessage('Engagement letter'), clientMessage('Bank statements')],
  });
  await expect(rows(page)).toHaveCount(2);

  /** Replies to a thread asking for a reminder in one day, then clears it from Triage. */
  async function replyWithReminder(subject: string, afterSend?: () => Promise<void>) {
    await row(page, subject).locator('[data-row-index]').click();
    await expect(emailRows(page).first()).toBeVisible();
    await page.keyboard.press('r');
    const compose = page.getByRole('dialog', { name: 'Compose Email' });
    await compose.getByLabel('Message').fill(`About ${subject}: could you confirm?`);
    await compose.getByLabel('Remind me if no reply in').selectOption('1d');
    const sentBefore = (await readSandboxMailbox(page, address)).folders.sent.total;
    await compose.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Email Sent', { exact: true }).first()).toBeVisible();
    await expect(compose).toBeHidden();
    // The reply is held for the undo window: the client can only answer once it has gone out.
    await expect
      .poll(async () => (await readSandboxMailbox(page, address)).folders.sent.total, UNDO_WINDOW_POLL)
      .toBe(sentBefore + 1);
    await afterSend?.();
    await row(page, subject).locator('[data-row-index]').focus();
    await page.keyboard.press('e');
    await expect(row(page, subject)).toHaveCount(0);
  }

  /** The client answers a thread (its reply joins the thread of the message still in the inbox). */
  async function clientAnswers(subject: string) {
    const sandbox = await page.request.get(`/sandbox/control/mailboxes/${encodeURIComponent(address)}`);
    const messages = (
      (await sandbox.json()) as { messages: { id: string; subject: string; folder: string }[] }
    ).messages;
    const original = messages.find((message) => message.subject === subject && message.folder === 'inbox');
    expect(original).toBeTruthy();
    await deliverSandboxMessage(page, {
      ...clientMessage(`Re: ${subject}`, 'Attached, all twelve months.'),
      mailbox: address,
      inReplyTo: original?.id,
    });
  }

  await replyWithReminder('Engagement letter');
  await replyWithReminder('Bank statements', () => clientAnswers('Bank statements'));
  await expect(rows(page)).toHaveCount(0);

  await syncNow(page, integrationId);
  await page.reload();
  await expect(row(page, 'Bank statements')).toHaveCount(1);
  await expect(row(page, 'Bank statements').getByTestId('no-reply-yet')).toHaveCount(0);

  await advanceClock(page, 25 * HOUR);
  const floating = page.getByRole('button', { name: /View \d+ new triage item\(s\)/ });
  await expect(floating).toBeVisible({ timeout: 10_000 });
  await floating.click();
  await expect(row(page, 'Engagement letter')).toHaveCount(1);
  await expect(row(page, 'Engagement letter').getByTestId('no-reply-yet')).toHaveText('No reply yet');
  await expect(row(page, 'Bank statements').getByTestId('no-reply-yet')).toHaveCount(0);
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/no-reply-yet.png` });
  void consoleErrors;
});
