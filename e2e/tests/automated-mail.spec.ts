import { expect, test } from '../support/fixtures';
import { clientMessage, rows, SHOTS_DIR, signUpWithMailbox } from '../support/triage-page';

// Decision 012 (decision 014): a newsletter (List-Unsubscribe) lands under Notifications, not with clients' mail;
// "Move sender to Email" brings that sender's mail back to Email, and the choice sticks.

test('automated mail lands in Notifications, and its sender can be moved to Email', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const newsletter = `Practice news ${suffix}`;
  const client = `Year-end accounts ${suffix}`;
  await signUpWithMailbox(page, {
    deliver: [
      {
        from: 'Acme Software <news@acme-software.test>',
        to: ['me@firm.test'],
        subject: newsletter,
        text: 'This month in Acme.',
        headers: { 'List-Unsubscribe': '<https://acme-software.test/unsubscribe?u=1>' },
      },
      clientMessage(client),
    ],
  });
  const row = (subject: string) => rows(page).filter({ hasText: subject });
  const tab = (name: RegExp) => page.getByRole('radio', { name });

  await tab(/^Notifications/).click();
  await expect(row(newsletter)).toBeVisible();
  await expect(row(client)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS_DIR}/notifications-tab.png` });
  await tab(/^Email/).click();
  await expect(row(client)).toBeVisible();
  await expect(row(newsletter)).toHaveCount(0);

  // From the Notifications tab, the newsletter's sender is moved to Email.
  await tab(/^Notifications/).click();
  await row(newsletter).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Move sender to Email' }).click();
  await expect(page.getByText('Sender moved to Email', { exact: true })).toBeVisible();
  await expect(row(newsletter)).toHaveCount(0);
  await tab(/^Email/).click();
  await expect(row(newsletter)).toBeVisible();

  // It sticks: after a reload and a sync of the mailbox, the sender's mail stays under Email.
  await page.getByRole('button', { name: 'Refresh All Folders' }).click();
  await page.reload();
  await tab(/^Email/).click();
  await expect(row(newsletter)).toBeVisible();
});
