import type { Browser, Page } from '@playwright/test';
import { expect, signUpThroughUi, test } from '../support/fixtures';
import { clickRowAction, clientMessage, signUpWithMailbox } from '../support/triage-page';

// Decision 012: two members act on one shared mailbox at the same moment, each in their own browser; every action
// lands on the one item of each message, and both screens follow through the realtime stream.

async function secondPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

const rowWith = (page: Page, subject: string) => page.getByTestId('thread-row').filter({ hasText: subject });

test('two members clear two threads of a shared mailbox at once; both browsers see both go', async ({
  page,
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const subjects = [`Payroll run ${suffix}`, `VAT query ${suffix}`, `Stays in ${suffix}`];
  const { integrationId: mailboxId } = await signUpWithMailbox(page, {
    deliver: subjects.map((subject) => clientMessage(subject)),
  });
  expect((await page.request.post('/api/firm', { data: { name: 'Together & Co' } })).status()).toBe(201);
  const member = await secondPerson(browser);
  const { email: memberEmail } = await signUpThroughUi(member);
  const { link } = await (
    await page.request.post('/api/firm/invitations', { data: { email: memberEmail } })
  ).json();
  expect(
    (await page.request.post('/api/firm/shared-mailboxes', { data: { integrationId: mailboxId } })).status(),
  ).toBe(200);

  // A colleague with a full name in Profile is named by it, not by their address (decision 012).
  expect((await member.request.patch('/api/profile', { data: { fullName: 'Sam Lowe' } })).status()).toBe(200);
  const accepted = await member.request.post('/api/firm/invitations/accept', {
    data: { token: new URL(link).searchParams.get('token') },
  });
  expect(accepted.status()).toBe(200);

  // Both look at the shared mailbox: the owner at its own inbox, the member at /triage/shared/{id}.
  await page.goto('/triage/personal/inbox');
  await member.goto(`/triage/shared/${mailboxId}`);
  for (const subject of subjects) {
    await expect(rowWith(page, subject)).toBeVisible({ timeout: 30_000 });
    await expect(rowWith(member, subject)).toBeVisible({ timeout: 30_000 });
  }

  // At the same moment: the owner clears one thread, the member the other.
  const clear = async (who: Page, subject: string) => {
    const row = rowWith(who, subject);
    await clickRowAction(row, 'Clear & Archive');
  };
  await Promise.all([clear(page, subjects[0] ?? ''), clear(member, subjects[1] ?? '')]);

  // Each browser loses both rows: its own action at once, the other's through the stream.
  for (const who of [page, member]) {
    await expect(rowWith(who, subjects[0] ?? '')).toHaveCount(0, { timeout: 15_000 });
    await expect(rowWith(who, subjects[1] ?? '')).toHaveCount(0, { timeout: 15_000 });
    await expect(rowWith(who, subjects[2] ?? '')).toBeVisible();
  }

  // One item per message: the owner's Cleared view holds each cleared thread once, and says who cleared it.
  await page.goto('/triage/personal/cleared');
  await expect(rowWith(page, subjects[0] ?? '')).toHaveCount(1, { timeout: 15_000 });
  await expect(rowWith(page, subjects[1] ?? '')).toHaveCount(1);
  await rowWith(page, subjects[1] ?? '')
    .locator('[data-row-index]')
    .click();
  await expect(page.getByTestId('thread-shared-activity')).toContainText(/^Cleared by Sam Lowe, \d\d:\d\d$/);
  await member.context().close();
});
