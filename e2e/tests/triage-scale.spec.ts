import type { Route } from '@playwright/test';
import { expect, signUpThroughUi, test } from '../support/fixtures';
import { rows } from '../support/triage-page';

test.use({ viewport: { width: 1440, height: 900 } });

const PAGE_SIZE = 100;
const PAGES = 100;
const START = Date.parse('2025-11-20T12:00:00Z');

function item(index: number) {
  const time = new Date(START - index * 60_000).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    userId: 'u',
    fromAddress: `Client ${index % 97} <client${index % 97}@example.test>`,
    subject: `Thread ${index + 1}`,
    time,
    type: 'email',
    isRead: index % 3 === 0,
    avatar: null,
    status: 'inbox',
    emailMessageId: `m${index}`,
    emailIntegrationId: '00000000-0000-4000-8000-000000000001',
    emailThreadId: `t${index}`,
    notificationType: 'email',
    notificationSourceId: null,
    metadata: {},
    previewContent: `Preview of thread ${index + 1}: figures, questions and a request for documents.`,
    extractedReferences: null,
    syncPriority: 5,
    lastSyncAttemptAt: null,
    syncErrorCount: 0,
    syncErrorMessage: null,
    updatedAt: time,
    notificationSource: null,
  };
}

// 10,000 thread groups served page by page, so the list's own behaviour is what is measured.
async function serveThreads(route: Route) {
  const url = new URL(route.request().url());
  const pageIndex = Number(url.searchParams.get('cursor') ?? '0');
  const groups = Array.from({ length: PAGE_SIZE }, (_, offset) => {
    const latest = item(pageIndex * PAGE_SIZE + offset);
    return {
      id: latest.emailThreadId,
      isThread: false,
      emails: [latest],
      latestEmail: latest,
      subject: latest.subject,
      participants: [latest.fromAddress],
      unreadCount: latest.isRead ? 0 : 1,
      lastActivity: latest.time,
      itemCount: 1,
    };
  });
  const nextCursor = pageIndex + 1 < PAGES ? String(pageIndex + 1) : null;
  await route.fulfill({ json: { groups, nextCursor, total: PAGE_SIZE * PAGES } });
}

test('10,000 thread groups: only the visible rows exist, pages load on scroll, frames stay short', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await signUpThroughUi(page);
  await page.route('**/api/triage/threads?**', serveThreads);
  await page.reload();
  await expect(page.getByTestId('item-count')).toHaveText('10,000 items');
  const scroller = page.getByTestId('thread-list-scroll');

  // Scroll to the end repeatedly; each time the next page arrives the list grows.
  await expect
    .poll(
      async () => {
        await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
        return page.locator('[data-testid="thread-row"]', { hasText: 'Thread 10000' }).count();
      },
      { timeout: 90_000, intervals: [50] },
    )
    .toBe(1);
  expect(await rows(page).count()).toBeLessThan(80);

  // Jumps through the whole list render rows at once, never a blank window.
  for (const fraction of [0.1, 0.35, 0.6, 0.85]) {
    await scroller.evaluate((element, share) => {
      element.scrollTop = element.scrollHeight * share;
    }, fraction);
    await expect
      .poll(async () =>
        Number(await rows(page).first().locator('[data-row-index]').getAttribute('data-row-index')),
      )
      .toBeGreaterThan(10_000 * fraction - 100);
    await expect(rows(page).first()).toBeVisible();
  }

  // Smoothness: wheel-scroll as a person does (notches of 120 px) and time the frames meanwhile.
  await scroller.hover();
  await page.evaluate(() => {
    const durations: number[] = [];
    let last = performance.now();
    const tick = (now: number) => {
      durations.push(now - last);
      last = now;
      if (durations.length < 400) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    (window as unknown as { __frames: number[] }).__frames = durations;
  });
  for (let notch = 0; notch < 150; notch += 1) await page.mouse.wheel(0, notch % 2 === 0 ? 120 : 121);
  const frames = await page.evaluate(() =>
    [...(window as unknown as { __frames: number[] }).__frames].slice(5).sort((a, b) => a - b),
  );
  const p95 = frames[Math.floor(frames.length * 0.95)] ?? 0;
  console.log(`wheel scrolling: ${frames.length} frames, p95 ${p95.toFixed(1)} ms`);
  expect(p95).toBeLessThan(50);
  expect(await rows(page).count()).toBeLessThan(80);
  void consoleErrors;
});
