import { ARCHIVE_ERRORS } from '@ledgerdesk/domain/mail/archive-errors';
import { CONNECTION_EXPIRED_MESSAGE } from '@ledgerdesk/domain/mail/token-messages';
import { MOVE_TO_INBOX_FAILED_TITLE, unarchiveErrorMessage } from '@ledgerdesk/domain/mail/unarchive-errors';
import { ITEM_PERMISSION_DENIED, UPDATE_FAILED_TITLE } from '@ledgerdesk/domain/triage/item-update-messages';
import type { Page } from '@playwright/test';
import { readSandboxMailbox } from '../support/connect-sandbox';
import { expect, test } from '../support/fixtures';
import { clickRowAction, clientMessage, rows, SHOTS_DIR, signUpWithMailbox } from '../support/triage-page';

test.use({ viewport: { width: 1440, height: 900 } });

// Spec §8 "Archive, unarchive, send" and "Item updates": each mailbox refusal reaches the toast in its own
// words, never as the item-permission text (a 403 or 404 from the mailbox is not a row-level security refusal).

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

async function expectToast(page: Page, title: string, description: string) {
  const toast = toasts(page).filter({ hasText: title });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(toast).toContainText(description);
  await expect(toasts(page).filter({ hasText: ITEM_PERMISSION_DENIED })).toHaveCount(0);
}

/** Deletes every copy of a thread's messages in the sandbox mailbox (the provider then answers 404). */
// A deletion at the provider is here the race a person loses: the mailbox's live updates would let triage drop
// the row first, so the sandbox drops its notifications for these tests (one worker runs the journeys).
test.afterEach(async ({ page }) => {
  await page.request.delete('/sandbox/control/graph/push-faults');
  await page.request.delete('/sandbox/control/gmail-push/faults');
});

async function deleteInMailbox(page: Page, address: string, subject: string) {
  for (const path of ['graph/push-faults', 'gmail-push/faults']) {
    const response = await page.request.post(`/sandbox/control/${path}`, { data: { dropShare: 1 } });
    expect(response.ok(), await response.text()).toBe(true);
  }
  const { messages } = await readSandboxMailbox(page, address);
  for (const message of messages.filter((m) => m.subject === subject)) {
    const response = await page.request.delete(`/sandbox/control/messages/${encodeURIComponent(message.id)}`);
    expect(response.ok(), await response.text()).toBe(true);
  }
}

async function expireConnection(page: Page, address: string) {
  const mailbox = encodeURIComponent(address);
  expect((await page.request.post(`/sandbox/control/mailboxes/${mailbox}/revoke`)).ok()).toBe(true);
  expect((await page.request.post(`/sandbox/control/mailboxes/${mailbox}/expire-tokens`)).ok()).toBe(true);
}

/** Clears a thread successfully and opens the Cleared view, ready for a Move to Inbox. */
async function clearAndOpenCleared(page: Page, subject: string) {
  await clickRowAction(rows(page).filter({ hasText: subject }), 'Clear & Archive');
  await expect(page.getByText('Email Archived', { exact: true })).toBeVisible();
  await page.goto('/triage/personal/cleared');
  await expect(rows(page).filter({ hasText: subject })).toBeVisible();
}

function allowRefusals(consoleErrors: string[]) {
  // The refused requests are logged by the browser as failed resources; they are the answers expected here.
  const expected = /status of 50\d/;
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !expected.test(text)));
}

test('archive: a deleted email keeps "could not be found" under "Archive Failed"', async ({
  page,
  consoleErrors,
}) => {
  const { address } = await signUpWithMailbox(page, { deliver: [clientMessage('Gone before archive')] });
  await deleteInMailbox(page, address, 'Gone before archive');
  await clickRowAction(rows(page).filter({ hasText: 'Gone before archive' }), 'Clear & Archive');
  await expectToast(page, 'Archive Failed', 'This email could not be found.');
  await expect(rows(page).filter({ hasText: 'Gone before archive' })).toHaveCount(1);
  void consoleErrors;
});

test('archive: a mailbox without an Archive folder says "Archive Folder Missing"', async ({
  page,
  consoleErrors,
}) => {
  await signUpWithMailbox(page, { deliver: [clientMessage('No archive here')], archiveFolder: false });
  await clickRowAction(rows(page).filter({ hasText: 'No archive here' }), 'Clear & Archive');
  await expectToast(page, 'Archive Folder Missing', ARCHIVE_ERRORS.ArchiveFolderMissing.description);
  await page.screenshot({ path: `${SHOTS_DIR}/toast-archive-folder-missing.png` });
  void consoleErrors;
});

test('archive: an expired connection says "Token Expired"', async ({ page, consoleErrors }) => {
  const { address } = await signUpWithMailbox(page, { deliver: [clientMessage('Expired archive')] });
  await expireConnection(page, address);
  await clickRowAction(rows(page).filter({ hasText: 'Expired archive' }), 'Clear & Archive');
  await expectToast(page, 'Token Expired', ARCHIVE_ERRORS.TokenExpired.description);
  void consoleErrors;
});

test('unarchive: an email gone from the archive says so under "Move to Inbox Failed"', async ({
  page,
  consoleErrors,
}) => {
  const { address } = await signUpWithMailbox(page, { deliver: [clientMessage('Gone from archive')] });
  await clearAndOpenCleared(page, 'Gone from archive');
  await deleteInMailbox(page, address, 'Gone from archive');
  await clickRowAction(rows(page).filter({ hasText: 'Gone from archive' }), 'Move to Inbox');
  await expectToast(page, MOVE_TO_INBOX_FAILED_TITLE, unarchiveErrorMessage('NotFoundInArchive').description);
  void consoleErrors;
});

test('unarchive: an expired connection says so under "Move to Inbox Failed"', async ({
  page,
  consoleErrors,
}) => {
  const { address } = await signUpWithMailbox(page, { deliver: [clientMessage('Expired unarchive')] });
  await clearAndOpenCleared(page, 'Expired unarchive');
  await expireConnection(page, address);
  await clickRowAction(rows(page).filter({ hasText: 'Expired unarchive' }), 'Move to Inbox');
  await expectToast(page, MOVE_TO_INBOX_FAILED_TITLE, unarchiveErrorMessage('TokenExpired').description);
  void consoleErrors;
});

test('read state: a mailbox refusing "Mark as Read" is an "Update Failed", not an archive failure', async ({
  page,
  consoleErrors,
}) => {
  const { address } = await signUpWithMailbox(page, { deliver: [clientMessage('Refused read')] });
  await expireConnection(page, address);
  await clickRowAction(rows(page).filter({ hasText: 'Refused read' }), 'Mark as Read');
  // The change is taken at once and queued; the mailbox refuses it for good, so it is put back and announced.
  const toast = toasts(page).filter({ hasText: UPDATE_FAILED_TITLE });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(toast).toContainText(CONNECTION_EXPIRED_MESSAGE);
  await expect(toasts(page).filter({ hasText: /Archive Failed|Reconnection Required/ })).toHaveCount(0);
  await expect(toasts(page).filter({ hasText: ITEM_PERMISSION_DENIED })).toHaveCount(0);
  // Put back: the row offers "Mark as Read" again.
  await rows(page).filter({ hasText: 'Refused read' }).hover();
  await expect(
    rows(page).filter({ hasText: 'Refused read' }).getByRole('button', { name: 'Mark as Read' }),
  ).toBeVisible();
  allowRefusals(consoleErrors);
});
