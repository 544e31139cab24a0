import { connectSandboxMailbox, deliverSandboxMessage, uniqueMailbox } from '../support/connect-sandbox';
import { expect, signUpThroughUi, test } from '../support/fixtures';
import { clientMessage, detail, openButton, rows } from '../support/triage-page';

test.use({ viewport: { width: 1440, height: 900 } });

type Page = { groups: { id: string }[]; nextCursor: string | null };

// A long list holds only the pages near the viewport (utils/page-window.ts): the rest are fetched again when the
// reader comes back to them. What the reader sees does not change: rows keep their places, the open thread stays
// open, ticked threads stay ticked, and j/k walk the rows.
test('a long list: pages far from the viewport are let go and fetched again, and nothing the reader holds is lost', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpThroughUi(page);
  const address = uniqueMailbox();
  const created = await page.request.post('/sandbox/control/mailboxes', {
    data: { address, provider: 'office365', messages: 0 },
  });
  expect(created.status()).toBe(201);
  // 1,600 threads, delivered 40 at a time.
  const start = Date.parse('2026-11-01T12:00:00Z');
  for (let batch = 0; batch < 40; batch += 1) {
    await Promise.all(
      Array.from({ length: 40 }, (_, offset) => {
        const index = batch * 40 + offset;
        return deliverSandboxMessage(page, {
          ...clientMessage(`Ledger question ${index + 1}`),
          mailbox: address,
          receivedDateTime: new Date(start - index * 60_000).toISOString(),
        });
      }),
    );
  }
  await connectSandboxMailbox(page, { address });
  await page.goto('/triage/personal/inbox');
  await expect(rows(page).first()).toBeVisible();

  // The list as the API pages it, to know how many rows there are.
  const ids: string[] = [];
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await page.request.get(`/api/triage/threads?view=inbox&tab=all&limit=100${query}`);
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as Page;
    ids.push(...body.groups.map((group) => group.id));
    cursor = body.nextCursor;
  }
  // More rows than the window holds (10 pages of about 100).
  expect(ids.length).toBeGreaterThan(1500);

  const headFetches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/triage/threads' && !url.searchParams.has('cursor'))
      headFetches.push(url.search);
  });

  // Open the first thread and tick the second.
  const firstRow = rows(page).first();
  const firstKey = await firstRow.getAttribute('data-thread-key');
  await openButton(page, 0).click();
  await expect(detail(page)).toBeVisible();
  const detailHeading = await detail(page).getByTestId('thread-subject').innerText();
  await rows(page).nth(1).getByRole('checkbox').check();
  const tickedKey = await rows(page).nth(1).getAttribute('data-thread-key');
  await rows(page).nth(1).getByRole('checkbox').uncheck();

  // Scroll to the end of the list.
  const scroller = page.getByTestId('thread-list-scroll');
  const lastIndex = ids.length - 1;
  // Scrolls down until the list's last row is rendered (each page arrives as the end comes near).
  const scrollToEnd = () =>
    expect
      .poll(
        async () => {
          await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
          return page.locator(`[data-row-index="${lastIndex}"]`).count();
        },
        { timeout: 120_000, intervals: [100] },
      )
      .toBe(1);
  await scrollToEnd();
  await expect(rows(page).last()).toHaveAttribute('data-thread-key', ids[lastIndex] ?? '');
  // The open thread stayed open although its row's page was let go.
  await expect(detail(page).getByTestId('thread-subject')).toHaveText(detailHeading);
  expect(headFetches).toHaveLength(0);

  // Back to the top: the head page is fetched again, rows stand where they stood, the open row is marked.
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(firstRow).toHaveAttribute('data-thread-key', firstKey ?? '');
  expect(headFetches.length).toBeGreaterThan(0);
  await expect(openButton(page, 0)).toHaveAttribute('aria-current', 'true');

  // The middle of the list, dragged to directly: its own rows, in the list's order.
  await scroller.evaluate((element) => {
    element.scrollTop = element.scrollHeight / 2;
  });
  await expect
    .poll(async () =>
      Number(await rows(page).first().locator('[data-row-index]').getAttribute('data-row-index')),
    )
    .toBeGreaterThan(ids.length / 2 - 60);
  const middle = Number(await rows(page).nth(3).locator('[data-row-index]').getAttribute('data-row-index'));
  await expect(rows(page).nth(3)).toHaveAttribute('data-thread-key', ids[middle] ?? '');

  // A fling (a viewport or more per scroll) draws no rows but the open thread's until it rests (decision 019);
  // then the rows in view are drawn.
  const fling = await scroller.evaluate(async (element) => {
    const frames: { isFlung: boolean; rows: number }[] = [];
    for (let frame = 0; frame < 20; frame += 1) {
      element.scrollTop += element.clientHeight;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      frames.push({
        isFlung: element.querySelector('ul[data-flung]') !== null,
        rows: element.querySelectorAll('[data-testid="thread-row"]').length,
      });
    }
    return frames;
  });
  const flungFrames = fling.filter((frame) => frame.isFlung);
  expect(flungFrames.length).toBeGreaterThanOrEqual(15);
  expect(Math.max(...flungFrames.map((frame) => frame.rows))).toBeLessThanOrEqual(1);
  await expect(scroller.locator('ul[data-flung]')).toHaveCount(0);
  await expect.poll(() => rows(page).count()).toBeGreaterThan(20);

  // A ticked thread stays ticked through a scroll to the end and back.
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  const ticked = page.locator(`[data-thread-key="${tickedKey}"]`);
  await ticked.getByRole('checkbox').check();
  await scrollToEnd();
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(ticked.getByRole('checkbox')).toBeChecked();
  await expect(page.getByText('1 selected')).toBeVisible();

  // j/k from the keyboard walk the rows.
  await ticked.getByRole('checkbox').uncheck();
  await openButton(page, 0).focus();
  await page.keyboard.press('j');
  await expect(rows(page).nth(1)).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('k');
  await expect(rows(page).nth(0)).toHaveAttribute('data-active', 'true');
});
