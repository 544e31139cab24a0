import { connectSandboxMailbox, deliverSandboxMessage, uniqueMailbox } from '../support/connect-sandbox';
import { expect, signUpThroughUi, test } from '../support/fixtures';
import { detail, rows } from '../support/triage-page';

test.use({ viewport: { width: 1440, height: 900 } });

// On wide screens the list once stood in a plain layout until the resizing library's chunk arrived, and the swap
// remounted the list: a click pressed before it and released after it reached no row (the rare "first thread
// never opens" flake), and a focused row lost its focus. The panes now have one layout from the first paint.
test('the list stays mounted from the first row on, so a slow click on it opens the thread', async ({
  page,
}) => {
  await signUpThroughUi(page);
  const address = uniqueMailbox('click');
  const created = await page.request.post('/sandbox/control/mailboxes', {
    data: { address, provider: 'office365', messages: 0 },
  });
  expect(created.status()).toBe(201);
  await deliverSandboxMessage(page, {
    mailbox: address,
    from: 'Dana Client <dana@client.test>',
    to: ['Mia Firm <me@firm.test>'],
    subject: 'First click',
    text: 'Open me.',
  });
  await connectSandboxMailbox(page, { address });

  await page.goto('/triage/personal/inbox');
  const row = rows(page).first();
  await expect(row).toBeVisible();
  // The separator is there with the first row: nothing swaps in later.
  await expect(page.getByRole('separator', { name: 'Resize panels' })).toBeVisible();
  await page.evaluate(() => {
    const list = document.querySelector('[data-testid="thread-list-scroll"]');
    if (list) (list as HTMLElement & { firstSeen?: boolean }).firstSeen = true;
  });

  const box = await row.locator('[data-row-index]').boundingBox();
  if (!box) throw new Error('no row button');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // Long enough for the browser to go idle and load everything it defers.
  await page.waitForTimeout(1500);
  await page.mouse.up();

  await expect(detail(page).getByTestId('thread-subject')).toHaveText('First click');
  const isSameList = await page.evaluate(
    () =>
      (
        document.querySelector('[data-testid="thread-list-scroll"]') as
          | (HTMLElement & { firstSeen?: boolean })
          | null
      )?.firstSeen === true,
  );
  expect(isSameList).toBe(true);
});
