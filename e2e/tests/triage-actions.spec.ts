import { readSandboxMailbox } from '../support/connect-sandbox';
import { checkAccessibility, expect, test } from '../support/fixtures';
import {
  clickRowAction,
  clientMessage,
  detail,
  openButton,
  rows,
  SHOTS_DIR,
  signUpWithMailbox,
} from '../support/triage-page';

test.use({ viewport: { width: 1440, height: 900 } });

const threadRow = (page: import('@playwright/test').Page, key: string) =>
  page.locator(`[data-testid="thread-row"][data-thread-key="${key}"]`);

test('clear a thread: it leaves the inbox, shows in Cleared and in the mailbox Archive, and moves back', async ({
  page,
  consoleErrors,
}) => {
  const { address } = await signUpWithMailbox(page, { messages: 20 });
  const first = rows(page).first();
  const key = (await first.getAttribute('data-thread-key')) ?? '';
  const inboxIds = (await readSandboxMailbox(page, address)).messages
    .filter((message) => message.threadId === key && message.folder === 'inbox')
    .map((message) => message.id);
  expect(inboxIds.length).toBeGreaterThan(0);

  await clickRowAction(first, 'Clear & Archive');
  await expect(threadRow(page, key)).toHaveCount(0);
  await expect(page.getByText('Email Archived', { exact: true })).toBeVisible();
  await expect
    .poll(async () => {
      const messages = (await readSandboxMailbox(page, address)).messages.filter((m) => m.threadId === key);
      return messages.filter((m) => m.folder === 'inbox').length;
    })
    .toBe(0);
  const archived = (await readSandboxMailbox(page, address)).messages.filter(
    (m) => m.threadId === key && m.folder === 'archive',
  );
  expect(archived.length).toBeGreaterThanOrEqual(inboxIds.length);

  await page.getByRole('link', { name: 'Cleared' }).click();
  await expect(page.getByRole('heading', { name: 'Cleared', level: 1 })).toBeVisible();
  await expect(threadRow(page, key)).toBeVisible();
  await threadRow(page, key).locator('[data-row-index]').click();
  const toolbar = detail(page).getByRole('toolbar', { name: 'Thread actions' });
  await expect(toolbar.getByRole('button', { name: 'Move to Inbox' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Reply', exact: true })).toHaveCount(0);
  await expect(detail(page).getByTestId('status-card')).toContainText('Email Archived');
  await checkAccessibility(page);
  await toolbar.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Move to Inbox']);
  await page.keyboard.press('Escape');

  await toolbar.getByRole('button', { name: 'Move to Inbox' }).click();
  await expect(page.getByText('Email Moved to Inbox', { exact: true })).toBeVisible();
  await expect(threadRow(page, key)).toHaveCount(0);
  await expect
    .poll(async () => {
      const messages = (await readSandboxMailbox(page, address)).messages.filter((m) => m.threadId === key);
      return messages.filter((m) => m.folder === 'archive').length;
    })
    .toBe(0);
  await page.getByRole('link', { name: 'Triage' }).first().click();
  await expect(threadRow(page, key)).toBeVisible();
  void consoleErrors;
});

test('Save to Later and Low Priority keep the thread in the inbox and fill their own views', async ({
  page,
  consoleErrors,
}) => {
  await signUpWithMailbox(page, {
    deliver: [clientMessage('VAT return Q3'), clientMessage('Payroll for November')],
  });
  const later = rows(page).filter({ hasText: 'VAT return Q3' });
  const low = rows(page).filter({ hasText: 'Payroll for November' });

  // Keyboard: focus the row, then l.
  await later.locator('[data-row-index]').focus();
  await page.keyboard.press('l');
  await expect(later).toContainText('Later');
  await low.locator('[data-row-index]').click();
  await detail(page).getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: /Low Priority/ }).click();
  await expect(low).toContainText('Low Priority');
  await expect(rows(page)).toHaveCount(2);

  await page.goto('/triage/personal/later');
  await expect(page.getByRole('heading', { name: 'Later', level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('VAT return Q3');
  await checkAccessibility(page);
  await page.goto('/triage/personal/low-priority');
  await expect(page.getByRole('heading', { name: 'Low Priority', level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Payroll for November');
  await page.goto('/triage/personal/scheduled');
  await expect(page.getByText('No items in Scheduled')).toBeVisible();
  await checkAccessibility(page);
  void consoleErrors;
});

test('bulk clear 20 items from the selection bar', async ({ page, consoleErrors }) => {
  const subjects = Array.from(
    { length: 20 },
    (_, index) => `Client request ${String(index + 1).padStart(2, '0')}`,
  );
  const { address } = await signUpWithMailbox(page, {
    deliver: subjects.map((subject) => clientMessage(subject)),
  });
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByTestId('item-count')).toHaveText('20 items');

  await page.getByRole('checkbox', { name: 'Select all threads in view' }).click();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('20 selected');
  await expect(bar).toContainText('(20 item(s))');
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/bulk-selection.png` });
  await bar.getByRole('button', { name: 'Clear & Archive' }).click();

  await expect(page.getByText('Bulk Action Complete')).toBeVisible();
  await expect(page.getByText('20 item(s) cleared and archived')).toBeVisible();
  await expect(page.getByText('No items in Triage')).toBeVisible();
  await expect.poll(async () => (await readSandboxMailbox(page, address)).folders.archive.total).toBe(20);
  expect((await readSandboxMailbox(page, address)).folders.inbox.total).toBe(0);
  await page.goto('/triage/personal/cleared');
  await expect(page.getByTestId('item-count')).toHaveText('20 items');
  void consoleErrors;
});

test("ticking rows' boxes with the mouse, then `e`, clears the selection (the box keeps no shortcut)", async ({
  page,
  consoleErrors,
}) => {
  await signUpWithMailbox(page, {
    deliver: ['Box one', 'Box two', 'Box three'].map((subject) => clientMessage(subject)),
  });
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Select Box one' }).click();
  await page.getByRole('checkbox', { name: 'Select Box three' }).click();
  await expect(page.getByRole('checkbox', { name: 'Select Box three' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Bulk actions' })).toContainText('2 selected');
  await page.keyboard.press('e');
  await expect(page.getByText('2 item(s) cleared and archived')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Box two');
  void consoleErrors;
});

test('the keyboard drives the list: move, open, clear, select, search, compose and the shortcut list', async ({
  page,
  consoleErrors,
}) => {
  await signUpWithMailbox(page, {
    deliver: [clientMessage('Alpha accounts'), clientMessage('Bravo payroll'), clientMessage('Charlie VAT')],
  });
  await expect(rows(page)).toHaveCount(3);
  await page.locator('body').click({ position: { x: 700, y: 600 } });
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(rows(page).nth(1)).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('k');
  await expect(rows(page).nth(0)).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const second = (await rows(page).nth(1).textContent()) ?? '';
  const expected = ['Alpha accounts', 'Bravo payroll', 'Charlie VAT'].find((subject) =>
    second.includes(subject),
  );
  await expect(detail(page).getByTestId('thread-subject')).toHaveText(expected ?? '');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Select an item to view the thread')).toBeVisible();

  await openButton(page, 0).focus();
  await page.keyboard.press('x');
  await expect(page.getByRole('region', { name: 'Bulk actions' })).toContainText('1 selected');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Bulk actions' })).toHaveCount(0);

  const charlie = rows(page).filter({ hasText: 'Charlie VAT' });
  await charlie.locator('[data-row-index]').focus();
  await page.keyboard.press('e');
  await expect(charlie).toHaveCount(0);
  await expect(page.getByText('Email Archived', { exact: true })).toBeVisible();
  // Undo puts it back in the inbox (and the mailbox).
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(charlie).toHaveCount(1);
  await expect(page.getByText('Undone', { exact: true })).toBeVisible();
  await charlie.locator('[data-row-index]').focus();
  await page.keyboard.press('e');
  await expect(charlie).toHaveCount(0);

  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search items' });
  await expect(search).toBeFocused();
  // Typing a shortcut letter in the search box only types.
  await page.keyboard.type('e');
  await expect(search).toHaveValue('e');
  await expect(rows(page)).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(search).not.toBeFocused();

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Clear & Archive');
  await checkAccessibility(page);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await page.keyboard.press('c');
  const compose = page.getByRole('dialog', { name: 'Compose Email' });
  await expect(compose).toBeVisible();
  await expect(compose.getByLabel('To')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(compose).toBeHidden();
  void consoleErrors;
});

test('a clear during a provider outage is kept and reaches the mailbox once it answers again', async ({
  page,
  consoleErrors,
}) => {
  const { address } = await signUpWithMailbox(page, { deliver: [clientMessage('Outage archive')] });
  const row = rows(page).filter({ hasText: 'Outage archive' });
  const fault = await page.request.post('/sandbox/control/faults', {
    data: { provider: 'office365', status: 503, pathContains: '$batch', count: 6 },
  });
  expect(fault.ok()).toBe(true);
  await clickRowAction(row, 'Clear & Archive');
  await expect(page.getByText('Email Archived', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect
    .poll(async () => (await readSandboxMailbox(page, address)).folders.archive.total, { timeout: 30_000 })
    .toBe(1);
  await expect(page.getByText('Archive Failed', { exact: true })).toHaveCount(0);
  await page.goto('/triage/personal/cleared');
  await expect(rows(page).filter({ hasText: 'Outage archive' })).toHaveCount(1);
  await page.request.delete('/sandbox/control/faults');
  void consoleErrors;
});
