import { deliverSandboxMessage, syncNow } from '../support/connect-sandbox';
import { expect, test } from '../support/fixtures';
import { detail, rows, SHOTS_DIR, signUpWithMailbox } from '../support/triage-page';

// Decision 025: a rule made from a thread ("Always do this…"), previewed, saved; new mail from that sender gets it
// as it is filed, the thread's history says so, and it is undone from the thread like a person's action.

test('a rule made from a thread files new mail, and is undone from the thread', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const sender = `digest-${suffix}@paper.test`;
  const first = `Weekly digest ${suffix}`;
  const second = `Next digest ${suffix}`;
  const { address, integrationId } = await signUpWithMailbox(page, {
    deliver: [{ from: `Paper <${sender}>`, to: ['me@firm.test'], subject: first, text: 'This week.' }],
  });
  const row = (subject: string) => rows(page).filter({ hasText: subject });

  await row(first).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Always do this…' }).click();
  await expect(page).toHaveURL(/\/rules\?/);
  const form = page.getByRole('form', { name: 'New rule' });
  await expect(form.getByLabel('Condition 1', { exact: true })).toHaveValue('from_address');
  await expect(form.getByLabel('Condition 1 text')).toHaveValue(sender);
  await form.getByLabel('Name').fill('Newsletters');
  await form.getByRole('button', { name: 'Add action' }).click();
  await form.getByLabel('Action 1', { exact: true }).selectOption('low_priority');

  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByText('This rule would have matched 1 thread in the last 30 days')).toBeVisible();
  await expect(form.getByRole('list', { name: 'Matching threads' })).toContainText(first);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS_DIR}/rules-form-1280.png`, fullPage: true });

  await form.getByRole('button', { name: 'Create rule' }).click();
  await expect(page.getByText('Rule created', { exact: true })).toBeVisible();
  const list = page.getByRole('list', { name: 'My rules' });
  await expect(list).toContainText('Newsletters');
  await expect(list).toContainText(`from ${sender} → Low Priority`);
  await page.screenshot({ path: `${SHOTS_DIR}/rules-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS_DIR}/rules-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // New mail from that sender is filed by the rule as it syncs: Low Priority, not the inbox.
  await deliverSandboxMessage(page, {
    mailbox: address,
    from: `Paper <${sender}>`,
    to: ['me@firm.test'],
    subject: second,
    text: 'Next week.',
  });
  await syncNow(page, integrationId);
  await page.goto('/triage/personal/low-priority');
  await expect(row(second)).toBeVisible();
  await row(second).locator('[data-row-index]').click();
  const history = detail(page).getByRole('list', { name: 'Rule history' });
  await expect(history).toContainText("Low Priority — rule 'Newsletters'");

  // Undone from the thread: it goes back to the inbox.
  await history.getByRole('button', { name: "Undo Low Priority — rule 'Newsletters'" }).click();
  await expect(page.getByText('Undone', { exact: true })).toBeVisible();
  await page.goto('/triage/personal/inbox');
  await expect(row(second)).toBeVisible();
  await page.goto('/rules');
  await expect(page.getByRole('list', { name: 'My rules' })).toContainText('Matched 1 time');
});
