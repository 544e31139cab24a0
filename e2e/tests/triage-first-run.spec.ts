import { deliverSandboxMessage, uniqueMailbox } from '../support/connect-sandbox';
import { checkAccessibility, expect, signUpThroughUi, test } from '../support/fixtures';
import { clientMessage, rows, SHOTS_DIR } from '../support/triage-page';

// A new user's empty triage keeps the spec's empty text and offers the way forward in place: on this sandbox
// deployment (no Microsoft or Google credentials), "Try a sandbox mailbox" connects one without leaving Triage.

test('a new user connects a sandbox mailbox from the empty triage and its mail arrives', async ({
  page,
  consoleErrors,
}) => {
  await signUpThroughUi(page);
  await expect(page.getByText('No items in Triage')).toBeVisible();
  const firstRun = page.getByTestId('first-run-connect');
  const tryButton = firstRun.getByRole('button', { name: 'Try a sandbox mailbox' });
  await expect(tryButton).toBeVisible();
  // Both providers are the sandbox here, so no real "Connect ..." button is offered.
  await expect(firstRun.getByRole('button', { name: /^Connect / })).toHaveCount(0);
  await expect(firstRun.getByRole('link', { name: 'Email Integration settings' })).toHaveAttribute(
    'href',
    '/integrations/email',
  );
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/first-run.png` });
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(tryButton).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/first-run-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Mail delivered to the Inbox (the sandbox's generated mail may all be Sent or archived, and an empty Inbox
  // would show only "View N new triage item(s)").
  const address = uniqueMailbox('first');
  const created = await page.request.post('/sandbox/control/mailboxes', {
    data: { address, provider: 'office365', messages: 0 },
  });
  expect(created.status()).toBe(201);
  for (const subject of ['Welcome pack', 'Year-end figures'])
    await deliverSandboxMessage(page, { ...clientMessage(subject), mailbox: address });
  const popupPromise = page.waitForEvent('popup');
  await tryButton.click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/sandbox\//);
  await popup.getByLabel('Mailbox').fill(address);
  await popup.getByRole('button', { name: 'Allow' }).click();

  await expect(page.getByText('Connection Successful', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(rows(page)).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('first-run-connect')).toHaveCount(0);
  void consoleErrors;
});

test('a filtered empty list keeps "No items found" and offers no connect choices', async ({
  page,
  consoleErrors,
}) => {
  await signUpThroughUi(page);
  await page.getByPlaceholder('Search items...').fill('nothing like this');
  await expect(page.getByText('No items found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters')).toBeVisible();
  await expect(page.getByTestId('first-run-connect')).toHaveCount(0);
  void consoleErrors;
});
