import { ARCHIVE_ERRORS } from '@ledgerdesk/domain/mail/archive-errors';
import type { Page } from '@playwright/test';
import { readSandboxMailbox } from '../support/connect-sandbox';
import { checkAccessibility, expect, test } from '../support/fixtures';
import { clickRowAction, clientMessage, rows, SHOTS_DIR, signUpWithMailbox } from '../support/triage-page';

test.use({ viewport: { width: 1440, height: 900 } });

// Decision 010: actions answer at once, carry Undo for the undo window (and `z`), and a change the mailbox refuses
// later is announced wherever the user is.

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

test('bulk clear 50, then Undo: every row comes back and the mailbox keeps them in the Inbox', async ({
  page,
  consoleErrors,
}) => {
  const subjects = Array.from(
    { length: 50 },
    (_, index) => `Undo request ${String(index + 1).padStart(2, '0')}`,
  );
  const { address } = await signUpWithMailbox(page, {
    deliver: subjects.map((subject) => clientMessage(subject)),
  });
  await expect(page.getByTestId('item-count')).toHaveText('50 items');
  await page.getByRole('checkbox', { name: 'Select all threads in view' }).click();
  await page
    .getByRole('region', { name: 'Bulk actions' })
    .getByRole('button', { name: 'Clear & Archive' })
    .click();
  const done = toasts(page).filter({ hasText: 'Bulk Action Complete' });
  await expect(done).toBeVisible();
  await expect(page.getByText('No items in Triage')).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/undo-bulk-toast.png` });
  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(toasts(page).filter({ hasText: 'Undone' })).toContainText('50 item(s) back where they were.');
  await expect(page.getByTestId('item-count')).toHaveText('50 items');
  await expect
    .poll(async () => (await readSandboxMailbox(page, address)).folders.inbox.total, { timeout: 15_000 })
    .toBe(50);
  expect((await readSandboxMailbox(page, address)).folders.archive.total).toBe(0);
  await checkAccessibility(page);
  void consoleErrors;
});

test('z takes back the last action from the keyboard', async ({ page, consoleErrors }) => {
  const { address } = await signUpWithMailbox(page, {
    deliver: [clientMessage('Keyboard undo one'), clientMessage('Keyboard undo two')],
  });
  await expect(rows(page)).toHaveCount(2);
  await rows(page).first().locator('[data-row-index]').focus();
  await page.keyboard.press('e');
  await expect(toasts(page).filter({ hasText: 'Email Archived' })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await page.keyboard.press('z');
  await expect(toasts(page).filter({ hasText: 'Undone' })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect
    .poll(async () => (await readSandboxMailbox(page, address)).folders.inbox.total, { timeout: 15_000 })
    .toBe(2);
  // Nothing left to take back.
  await page.keyboard.press('z');
  await expect(toasts(page).filter({ hasText: 'Nothing to undo' })).toBeVisible();
  void consoleErrors;
});

test('z pressed before the clear’s answer arrives still takes it back (issue 27), on a phone too', async ({
  page,
  consoleErrors,
}) => {
  const { address } = await signUpWithMailbox(page, {
    deliver: [clientMessage('Early undo one'), clientMessage('Early undo two')],
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(rows(page)).toHaveCount(2);
  // The clear's answer (with the action id the undo needs) is held until the row has gone and z was pressed.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/triage/items/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await rows(page).first().locator('[data-row-index]').focus();
  await page.keyboard.press('e');
  await expect(rows(page)).toHaveCount(1);
  await page.keyboard.press('z');
  await expect(rows(page)).toHaveCount(2);
  await expect(toasts(page).filter({ hasText: 'Nothing to undo' })).toHaveCount(0);
  release();
  await expect(toasts(page).filter({ hasText: 'Undone' })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect
    .poll(async () => (await readSandboxMailbox(page, address)).folders.inbox.total, { timeout: 15_000 })
    .toBe(2);
  void consoleErrors;
});

test('a clear the mailbox refuses is put back and announced, even after navigating away', async ({
  page,
  consoleErrors,
}) => {
  await signUpWithMailbox(page, { deliver: [clientMessage('Refused later')], archiveFolder: false });
  const row = rows(page).filter({ hasText: 'Refused later' });
  await clickRowAction(row, 'Clear & Archive');
  // The action is taken at once; the user moves on before the mailbox answers.
  await page.getByRole('link', { name: 'Contacts' }).first().click();
  await expect(page).toHaveURL(/\/contacts/);
  const refused = toasts(page).filter({ hasText: 'Archive Folder Missing' });
  await expect(refused).toBeVisible({ timeout: 15_000 });
  await expect(refused).toContainText(ARCHIVE_ERRORS.ArchiveFolderMissing.description);
  await page.screenshot({ path: `${SHOTS_DIR}/undo-refused-elsewhere.png` });
  await page.goto('/triage/personal/inbox');
  const back = rows(page).filter({ hasText: 'Refused later' });
  await expect(back).toBeVisible();
  await expect(back.getByTestId('change-failed')).toHaveText('Archive Folder Missing');
  await page.screenshot({ path: `${SHOTS_DIR}/row-change-failed.png` });
  void consoleErrors;
});
