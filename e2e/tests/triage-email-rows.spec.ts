import { connectSandboxMailbox, deliverSandboxMessage, uniqueMailbox } from '../support/connect-sandbox';
import { checkAccessibility, expect, signUpThroughUi, test } from '../support/fixtures';
import { detail, emailRows, rows, SHOTS_DIR } from '../support/triage-page';

test.use({ viewport: { width: 1440, height: 900 } });

// Spec §2 Thread detail: every email row shows "To:" with the first recipient, and "& N other(s)" when
// to + cc + bcc exceeds 2, collapsed or expanded; the link opens the recipients box, "Show less" closes it.

/** A new user whose synced mailbox holds what `deliver` puts there. */
async function signUpAndDeliver(
  page: Parameters<typeof signUpThroughUi>[0],
  deliver: (mailbox: string) => Promise<void>,
) {
  await signUpThroughUi(page);
  const address = uniqueMailbox('rows');
  const created = await page.request.post('/sandbox/control/mailboxes', {
    data: { address, provider: 'office365', messages: 0 },
  });
  expect(created.status()).toBe(201);
  await deliver(address);
  await connectSandboxMailbox(page, { address });
  await page.goto('/triage/personal/inbox');
  await expect(rows(page).first()).toBeVisible();
}

test('a single email to one recipient shows "To:" and no link while expanded', async ({
  page,
  consoleErrors,
}) => {
  await signUpAndDeliver(page, async (mailbox) => {
    await deliverSandboxMessage(page, {
      mailbox,
      from: 'Dana Client <dana@client.test>',
      to: ['Mia Firm <me@firm.test>'],
      subject: 'Just you',
      text: 'Only one recipient.',
    });
  });
  await rows(page).first().locator('[data-row-index]').click();
  const email = emailRows(page).first();
  await expect(email).toHaveAttribute('data-expanded', 'true');
  await expect(email.getByTestId('email-to')).toHaveText('To: Mia Firm');
  await expect(email.getByRole('button', { name: /other/ })).toHaveCount(0);
  await expect(email.getByTestId('recipients-box')).toHaveCount(0);
  void consoleErrors;
});

test('two recipients show the first one and no link', async ({ page, consoleErrors }) => {
  await signUpAndDeliver(page, async (mailbox) => {
    await deliverSandboxMessage(page, {
      mailbox,
      from: 'Dana Client <dana@client.test>',
      to: ['me@firm.test'],
      cc: ['ana@client.test'],
      subject: 'Two of us',
      text: 'Two recipients.',
    });
  });
  await rows(page).first().locator('[data-row-index]').click();
  const email = emailRows(page).first();
  await expect(email.getByTestId('email-to')).toHaveText('To: Me');
  await expect(email.getByRole('button', { name: /other/ })).toHaveCount(0);
  await expect(email.getByTestId('recipients-box')).toHaveCount(0);
  void consoleErrors;
});

test('four recipients: "& 3 other(s)" in the collapsed and the expanded row, opening the box and "Show less"', async ({
  page,
  consoleErrors,
}) => {
  await signUpAndDeliver(page, async (mailbox) => {
    const first = await deliverSandboxMessage(page, {
      mailbox,
      from: 'Omar Reid <omar@client.test>',
      to: ['Mia Firm <me@firm.test>', 'ana@client.test'],
      cc: ['Lee Park <lee@client.test>', 'kim@client.test'],
      subject: 'Year-end pack',
      text: 'First message of the thread.',
      isRead: true,
      receivedDateTime: new Date(Date.now() - 120_000).toISOString(),
    });
    await deliverSandboxMessage(page, {
      mailbox,
      from: 'Ana Client <ana@client.test>',
      to: ['Mia Firm <me@firm.test>', 'omar@client.test'],
      cc: ['lee@client.test', 'kim@client.test'],
      subject: 'Re: Year-end pack',
      text: 'The reply, newest and unread.',
      inReplyTo: first.id,
      receivedDateTime: new Date(Date.now() - 60_000).toISOString(),
    });
  });
  await rows(page).first().locator('[data-row-index]').click();
  await expect(emailRows(page)).toHaveCount(2);
  const collapsed = emailRows(page).filter({ hasText: 'Omar Reid' });
  const expanded = emailRows(page).filter({ hasText: 'Ana Client' });
  await expect(expanded).toHaveAttribute('data-expanded', 'true');
  await expect(collapsed).not.toHaveAttribute('data-expanded', 'true');

  // Both rows: "To:" the first recipient and the link; no box until the link is used.
  for (const email of [collapsed, expanded]) {
    await expect(email.getByTestId('email-to')).toHaveText('To: Mia Firm & 3 other(s)');
    await expect(email.getByTestId('recipients-box')).toHaveCount(0);
  }
  await page.screenshot({ path: `${SHOTS_DIR}/email-rows-links.png` });

  // The link in the expanded row opens its box; "Show less" closes it again.
  await expanded.getByRole('button', { name: '& 3 other(s)' }).click();
  const box = expanded.getByTestId('recipients-box');
  await expect(box).toContainText('To');
  await expect(box).toContainText('CC');
  await expect(box).toContainText('kim@client.test');
  await expect(expanded.getByRole('button', { name: '& 3 other(s)' })).toHaveCount(0);
  await expect(expanded.getByTestId('email-to')).toHaveText('To: Mia Firm');
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/email-rows-box.png` });
  await box.getByRole('button', { name: 'Show less' }).click();
  await expect(box).toHaveCount(0);
  await expect(expanded.getByTestId('email-to')).toHaveText('To: Mia Firm & 3 other(s)');

  // The link in the collapsed row expands it with the box open.
  await collapsed.getByRole('button', { name: '& 3 other(s)' }).click();
  await expect(collapsed).toHaveAttribute('data-expanded', 'true');
  await expect(collapsed.getByTestId('recipients-box')).toContainText('Lee Park');
  await expect(detail(page).getByTestId('recipients-box')).toHaveCount(1);
  void consoleErrors;
});
