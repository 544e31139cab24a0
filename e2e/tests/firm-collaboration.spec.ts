import type { Browser, Page } from '@playwright/test';
import { expect, signUpThroughUi, test } from '../support/fixtures';
import { clientMessage, signUpWithMailbox } from '../support/triage-page';

// Decision 012 (decision 013): assign a shared thread with a comment, the assignee gets it in their own triage
// ("Assigned by …"), filters by assignee, and the two talk in the thread's internal comments with @mentions.

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';
const rowWith = (page: Page, subject: string) => page.getByTestId('thread-row').filter({ hasText: subject });

async function secondPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('assign with a comment, it arrives for the assignee, who answers with an @mention', async ({
  page,
  browser,
}) => {
  const subject = `Engagement letter ${Date.now().toString(36)}`;
  const { integrationId } = await signUpWithMailbox(page, { deliver: [clientMessage(subject)] });
  // Colleagues are named by their profile's full name, else the part of their email before the @ (decision 012).
  expect((await page.request.patch('/api/profile', { data: { fullName: 'Olivia Harper' } })).status()).toBe(
    200,
  );
  expect((await page.request.post('/api/firm', { data: { name: 'Harper & Lowe' } })).status()).toBe(201);
  const member = await secondPerson(browser);
  const { email: memberEmail } = await signUpThroughUi(member);
  const { link } = await (
    await page.request.post('/api/firm/invitations', { data: { email: memberEmail } })
  ).json();
  await page.request.post('/api/firm/shared-mailboxes', { data: { integrationId } });

  const accepted = await member.request.post('/api/firm/invitations/accept', {
    data: { token: new URL(link).searchParams.get('token') },
  });
  expect(accepted.status()).toBe(200);
  const firm = (await (await page.request.get('/api/firm')).json()).firm;
  const owner = firm.members.find((m: { isYou: boolean }) => m.isYou);
  expect(owner.name).toBe('Olivia Harper');
  const memberName = memberEmail.split('@')[0] ?? '';

  // The owner assigns the thread to the member, with a to-do date and a comment.
  await page.reload();
  await rowWith(page, subject).locator('[data-row-index]').click();
  await page
    .getByRole('toolbar', { name: 'Thread actions' })
    .getByRole('button', { name: 'Assign…' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Assign thread' });
  await dialog.getByLabel('Assign to').selectOption({ label: memberName });
  await dialog.getByLabel('To-do date (optional)').fill('2026-11-28');
  await dialog.getByLabel('Comment (optional)').fill('Please check the fee schedule.');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS_DIR}/assign-dialog-1280.png` });
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('thread-assignment')).toHaveText(
    `Assigned to ${memberName} by Olivia Harper · due 28 Nov — Please check the fee schedule.`,
  );

  // It arrives in the member's own triage, raised like new mail, saying who assigned it.
  await member.goto('/triage/personal/inbox');
  const arrived = rowWith(member, subject);
  await expect(arrived).toBeVisible({ timeout: 15_000 });
  await expect(arrived.getByTestId('assigned-by')).toHaveText('Assigned by Olivia Harper');
  // Decision 012: the badge gives way before the subject (which was cut to "Engageme…"): on a desktop the subject
  // shows whole, at 375 px (its own line) it keeps at least 160 px.
  for (const [width, room] of [
    [1280, Number.POSITIVE_INFINITY],
    [375, 160],
  ] as const) {
    await member.setViewportSize({ width, height: 800 });
    await expect
      .poll(() =>
        arrived
          .getByTestId('row-subject')
          .evaluate((text, least) => text.clientWidth >= Math.min(text.scrollWidth, least), room),
      )
      .toBe(true);
  }
  await member.setViewportSize({ width: 1280, height: 720 });

  // The assignee filter chip finds it on the owner's view.
  await page.goto('/triage/personal/inbox');
  await rowWith(page, subject).click({ button: 'right' });
  await page.getByRole('menuitem', { name: `Filter by assignee: ${memberName}` }).click();
  await expect(page.getByTestId('thread-row')).toHaveCount(1);
  await expect(rowWith(page, subject)).toBeVisible();

  // The member opens it (the shared thread's email), and answers in the internal comments with an @mention.
  await arrived.locator('[data-row-index]').click();
  await expect(member.getByTestId('thread-subject')).toHaveText(subject);
  await expect(member.getByTestId('email-row').first()).toBeVisible();
  const box = member.getByRole('textbox', { name: 'Internal comment' });
  await box.fill('Done, fees attached. ');
  await box.pressSequentially(`@${owner.handle.slice(0, -1)}`);
  const option = member.getByRole('option', { name: new RegExp(`@${owner.handle}`) });
  await expect(option).toBeVisible();
  await member.screenshot({ path: `${SHOTS_DIR}/comment-mention.png` });
  await box.press('Enter');
  await expect(box).toHaveValue(`Done, fees attached. @${owner.handle} `);
  await member.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(member.getByTestId('thread-comment')).toHaveCount(1);
  // Posted after the screen's clock last ticked: it reads as just posted, never as future (decision 012).
  await expect(member.getByTestId('thread-comment')).toContainText('less than a minute ago');
  // The phone layout stacks the panes: the thread is mounted again in it (wait for that before scrolling to it).
  await member.setViewportSize({ width: 375, height: 800 });
  await expect(member.getByRole('button', { name: 'Back to list' })).toBeVisible();
  await expect(async () => {
    await member.getByTestId('thread-internal').scrollIntoViewIfNeeded({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
  await member.screenshot({ path: `${SHOTS_DIR}/thread-internal-375.png` });

  // The owner has a mention under Mentions, which opens the thread with the comment highlighted.
  await page.goto('/triage/personal/inbox');
  await page.getByRole('radio', { name: /Mentions/ }).click();
  const mention = page.getByTestId('thread-row').filter({ hasText: subject });
  await expect(mention).toBeVisible({ timeout: 15_000 });
  await mention.locator('[data-row-index]').click();
  const highlighted = page.locator('[data-testid="thread-comment"][data-highlighted]');
  await expect(highlighted).toContainText(`Done, fees attached. @${owner.handle}`);
  // Not by colour alone: a label says it, and assistive technology hears it as the current comment.
  await expect(highlighted.getByTestId('mentions-you')).toHaveText('Mentions you');
  await expect(highlighted).toHaveAttribute('aria-current', 'true');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS_DIR}/mention-highlight-1280.png` });

  // Removed from the firm, the member's open list drops the assignment at once, without a reload (decision 012).
  await member.setViewportSize({ width: 1280, height: 800 });
  await member.goto('/triage/personal/inbox');
  await expect(rowWith(member, subject)).toBeVisible({ timeout: 15_000 });
  const memberId = firm.members.find((m: { isYou: boolean }) => !m.isYou).userId;
  expect((await page.request.delete(`/api/firm/members/${memberId}`)).status()).toBe(204);
  await expect(rowWith(member, subject)).toHaveCount(0, { timeout: 10_000 });
  await member.context().close();
});
