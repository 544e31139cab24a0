import type { Browser, Page } from '@playwright/test';
import { expect, signUpThroughUi, test } from '../support/fixtures';
import { clickRowAction } from '../support/triage-page';
import { card, sandboxControl, signUpAndConnect } from './integrations-support';

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';

/** A second person in their own browser context (their own cookies). */
async function secondPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The invitation's path and query (the link names the server's public URL). */
function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test.describe('firm (issue 15)', () => {
  test('an owner invites by a copyable link and a colleague joins', async ({ page, browser }) => {
    await signUpThroughUi(page);
    await page.getByRole('link', { name: 'Firm', exact: true }).click();
    await expect(page).toHaveURL(/\/firm$/);
    await page.getByLabel('Firm name').fill('Northgate Accounting');
    await page.getByRole('button', { name: 'Create firm' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Northgate Accounting' })).toBeVisible();

    // An invitation is for the address it is sent to: the colleague's own.
    const colleague = await secondPerson(browser);
    const { email: colleagueEmail } = await signUpThroughUi(colleague);
    await page.getByLabel('Email', { exact: true }).fill(colleagueEmail);
    await page.getByRole('button', { name: 'Create invitation link' }).click();
    const linkField = page.getByLabel('Invitation link');
    await expect(linkField).toHaveValue(/\/firm\/join\?token=/);
    const link = await linkField.inputValue();
    await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(colleagueEmail);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS_DIR}/firm-owner-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${SHOTS_DIR}/firm-owner-375.png`, fullPage: true });

    await colleague.goto(pathOf(link));
    await colleague.setViewportSize({ width: 375, height: 800 });
    await expect(colleague.getByRole('button', { name: 'Accept invitation' })).toBeVisible();
    await colleague.screenshot({ path: `${SHOTS_DIR}/firm-join-375.png` });
    await colleague.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(colleague).toHaveURL(/\/firm$/);
    await expect(colleague.getByRole('heading', { level: 1, name: 'Northgate Accounting' })).toBeVisible();
    await expect(colleague.getByTestId('firm-member')).toHaveCount(2);
    await colleague.setViewportSize({ width: 375, height: 800 });
    await colleague.screenshot({ path: `${SHOTS_DIR}/firm-member-375.png` });

    // The link works once.
    const third = await secondPerson(browser);
    const { email: thirdEmail } = await signUpThroughUi(third);
    await third.goto(pathOf(link));
    await expect(third.getByRole('alert')).toHaveText('This invitation has already been used.');
    await expect(third.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);

    // Opened by another account, an invitation says whose it is and how to switch; it cannot be accepted.
    const forSomeoneElse = await page.request.post('/api/firm/invitations', {
      data: { email: 'kim@northgate.test' },
    });
    await third.goto(pathOf((await forSomeoneElse.json()).link));
    await third.setViewportSize({ width: 375, height: 800 });
    const wrongAccount = third.getByTestId('invitation-wrong-account');
    await expect(wrongAccount).toContainText(
      `This invitation is for kim@northgate.test, but you are signed in as ${thirdEmail}.`,
    );
    await expect(wrongAccount).toContainText('sign out, sign in (or sign up) as kim@northgate.test');
    await expect(third.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0);
    await third.screenshot({ path: `${SHOTS_DIR}/firm-join-wrong-account-375.png` });
    await wrongAccount.getByRole('button', { name: 'Sign out to switch accounts' }).click();
    await expect(third).toHaveURL(/\/auth$/);

    await page.reload();
    await expect(page.getByTestId('firm-member')).toHaveCount(2);
    // Ownership is shared by a click; the colleague sees it live (the firm event on their stream).
    const colleagueRow = page.getByTestId('firm-member').filter({ hasNotText: '(you)' });
    await colleagueRow.getByRole('button', { name: /^Make .* an owner$/ }).click();
    await expect(colleagueRow.getByText('Owner', { exact: true })).toBeVisible();
    await expect(colleague.getByText('You own this firm.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS_DIR}/firm-two-owners-375.png`, fullPage: true });
    await colleague.context().close();
    await third.context().close();
  });

  test('a shared mailbox shows in a member’s sidebar and at /triage/shared/{id}', async ({
    page,
    browser,
  }) => {
    const address = await signUpAndConnect(page, 'office365');
    await sandboxControl(page.request, '/messages', {
      mailbox: address,
      from: 'Priya Natarajan <priya@northgate-dental.test>',
      to: [address],
      subject: 'Q3 VAT return for the firm',
      text: 'Please find the figures attached.',
    });
    const created = await page.request.post('/api/firm', { data: { name: 'Harper & Lowe' } });
    expect(created.status()).toBe(201);
    const member = await secondPerson(browser);
    const { email: memberEmail } = await signUpThroughUi(member);
    const invited = await page.request.post('/api/firm/invitations', { data: { email: memberEmail } });
    const { link } = await invited.json();

    const accepted = await member.request.post('/api/firm/invitations/accept', {
      data: { token: new URL(link).searchParams.get('token') },
    });
    expect(accepted.status()).toBe(200);

    // The owner shares the mailbox from Email Integration (private by default).
    await page.goto('/integrations/email');
    const share = card(page, address).getByRole('checkbox', { name: 'Share with Harper & Lowe' });
    await expect(share).not.toBeChecked();
    await share.click();
    await expect(share).toBeChecked();

    await member.reload();
    const sidebarLink = member.getByRole('link', { name: address });
    await expect(sidebarLink).toBeVisible({ timeout: 15_000 });
    await sidebarLink.click();
    await expect(member).toHaveURL(/\/triage\/shared\/[0-9a-f-]{36}$/);
    await expect(member.getByTestId('thread-row').first()).toBeVisible({ timeout: 30_000 });
    // Its unread count shows beside it in the member's sidebar (the delivered message is unread).
    await expect(sidebarLink).toContainText(/\d+/, { timeout: 15_000 });
    // Decision 012: the view names the shared mailbox and its owner's connection, not the member's (who has no
    // mailbox of their own: it read "Not connected" and offered a sandbox mailbox).
    const band = member.getByTestId('shared-mailbox-band');
    await expect(band.getByTestId('shared-mailbox-name')).toHaveText(address);
    await expect(band.getByTestId('connection-badge')).toHaveAttribute('data-state', 'connected');
    await expect(member.getByText('Not connected')).toHaveCount(0);
    await member.setViewportSize({ width: 1280, height: 800 });
    await member.screenshot({ path: `${SHOTS_DIR}/firm-shared-triage-1280.png` });

    // The member opens a thread (its content comes through the owner's connection) and clears it.
    const first = member.getByTestId('thread-row').first();
    const key = (await first.getAttribute('data-thread-key')) ?? '';
    await first.locator('[data-row-index]').click();
    await expect(member.getByTestId('thread-subject')).toBeVisible();
    await clickRowAction(first, 'Clear & Archive');
    await expect(member.locator(`[data-testid="thread-row"][data-thread-key="${key}"]`)).toHaveCount(0);
    // The member finds it under the shared mailbox's Cleared, as under their own (not only by searching).
    await band.getByRole('link', { name: 'Cleared' }).click();
    await expect(member).toHaveURL(/\/triage\/shared\/[0-9a-f-]{36}\/cleared$/);
    await expect(member.getByRole('heading', { level: 1 })).toHaveText('Cleared');
    await expect(member.locator(`[data-testid="thread-row"][data-thread-key="${key}"]`)).toBeVisible({
      timeout: 15_000,
    });
    // Its empty views speak of the shared mailbox, with no sandbox offer.
    await band.getByRole('link', { name: 'Scheduled' }).click();
    await expect(member.getByText(`No items in Scheduled of ${address}`)).toBeVisible();
    await expect(member.getByText('Try a sandbox mailbox')).toHaveCount(0);
    await member.setViewportSize({ width: 375, height: 812 });
    await expect(band.getByRole('link', { name: 'Scheduled' })).toHaveAttribute('aria-current', 'page');
    await member.screenshot({ path: `${SHOTS_DIR}/firm-shared-views-375.png` });

    // The owner sees who did it on the thread.
    await page.goto('/triage/personal/cleared');
    const cleared = page.locator(`[data-testid="thread-row"][data-thread-key="${key}"]`);
    await expect(cleared).toBeVisible({ timeout: 15_000 });
    await cleared.locator('[data-row-index]').click();
    await expect(page.getByTestId('thread-shared-activity')).toContainText(/^Cleared by .+, \d\d:\d\d$/);
    await page.screenshot({ path: `${SHOTS_DIR}/firm-cleared-by-1280.png` });
    await member.context().close();
  });
});
