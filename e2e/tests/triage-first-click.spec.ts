import { connectSandboxMailbox, deliverSandboxMessage, uniqueMailbox } from '../support/connect-sandbox';
import { expect, signUpThroughUi, test } from '../support/fixtures';
import { detail, rows } from '../support/triage-page';

test.use({ viewport: { width: 1440, height: 900 } });

// On wide screens the list first stands in a plain layout and the resizable panes swap in once their chunk has
// loaded; the swap remounts the list. A click pressed before the swap and released after it must still open the
// thread. Known bug, reproduced by this journey and left open on 2026-11-26: the press and the release land on two
// different elements and the row never gets the click (the rare "first thread never opens" flake of the row
// journeys). Holding the swap until the pointer's release passed this journey but not the flake; the fix must
// keep the list mounted across the swap. Remove `fixme` with the fix.
test.fixme('a click pressed while the resizable panes swap in still opens the thread', async ({ page }) => {
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

  // Hold the resizable panes' chunk until the button is pressed.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/resizable-panes-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/triage/personal/inbox');
  const row = rows(page).first();
  await expect(row).toBeVisible();
  await expect(page.getByRole('separator', { name: 'Resize panels' })).toHaveCount(0);

  const box = await row.locator('[data-row-index]').boundingBox();
  if (!box) throw new Error('no row button');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  release();
  // The chunk arrives and its panes are ready while the button is still pressed.
  await page.waitForResponse((response) => /resizable-panes-.*\.js$/.test(response.url()));
  await page.waitForTimeout(500);
  await page.mouse.up();

  await expect(detail(page).getByTestId('thread-subject')).toHaveText('First click');
  await expect(page.getByRole('separator', { name: 'Resize panels' })).toBeVisible();
});
