import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { call } from '../client/http-client';
import { signUp } from '../client/sign-up';
import { count, ms, verdict } from '../report/format';
import { median } from '../report/stats';
import type { BenchTable } from '../report/table';
import { launchChromium, signedInContext } from '../web/chromium';
import type { BenchContext } from './bench-context';
import { bundleTable } from './web-bundle-table';

const PROBES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../web/page-probes.js');
// Decision 022: first row < 1 s median; 60 fps — the longest frame's median over the runs within one 60 Hz frame, and
// no run over two.
const TARGETS = { firstRowMs: 1_000, frameMs: 16.7, worstRunFrameMs: 33 };
// requestAnimationFrame timestamps are vsync times at 0.1 ms resolution, so one 60 Hz frame reads 16.6–16.8 ms
// and two 33.3 ms: a frame is judged by the vsyncs it spans (the same bounds count the frames over 17 and 33).
const ONE_FRAME_BOUND_MS = 17.5;
const TWO_FRAMES_BOUND_MS = 34;

/** Time allowed to scroll to the end: 30 s, or 0.6 s per 1,000 items for longer lists (60 s at 100,000). */
export function scrollCapMs(items: number): number {
  return Math.max(30_000, Math.ceil(items / 1_000) * 600);
}

type ScrollResult = {
  worstFrameScripts: { invoker: string; source: string; ms: number }[];
  longestFrameMs: number;
  p50FrameMs: number;
  p99FrameMs: number;
  /** Frames longer than one (two) 60 Hz frames, i.e. a missed vsync (two missed). */
  framesOver17: number;
  framesOver33: number;
  longAnimationFrameMs: number;
  frames: number;
  rowsReached: number;
  ms: number;
  isComplete: boolean;
};
export type Breakdown = {
  /** Scripts and stylesheets with the time their response ended (ms since navigation start). */
  assets: { path: string; end: number }[];
  documentMs: number;
  scriptsMs: number;
  domContentLoadedMs: number;
  api: { path: string; start: number; end: number }[];
};
type Run = {
  firstRowMs: number;
  breakdown: Breakdown;
  scroll: ScrollResult;
  heapAfterScrollMb: number;
  /** From the top again at half a viewport per frame, for READING_SCROLL_MS: every row drawn (no fling). */
  readingScroll: ScrollResult;
};

/** The second scroll, at half a viewport per frame (rows drawn), lasts this long or to the end of the list. */
const READING_SCROLL_MS = 20_000;

let bundleReported = false;

/** Benchmark 5: /triage in Chromium — assets loaded, first row visible, longest frame while scrolling. */
export async function runWebBrowser(ctx: BenchContext): Promise<BenchTable[]> {
  const { items, runs: runCount } = ctx.config.web;
  const user = await signUp(ctx.appUrl, 'web');
  ctx.log(`web: seeding ${count(items)} items`);
  await call(user, 'POST', '/api/bench/seed', { from: 0, count: items, newest: new Date().toISOString() });
  const browser = await launchChromium();
  const runs: Run[] = [];
  try {
    for (let i = 0; i < runCount; i++) {
      ctx.log(`web: run ${i + 1} of ${runCount}`);
      const context = await signedInContext(browser, user);
      const page = await context.newPage();
      await page.addInitScript({ path: PROBES });
      runs.push(await measureRun(page, `${ctx.appUrl}/triage/personal/inbox`, scrollCapMs(items)));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const tables = [browserTable(ctx, runs, items)];
  if (!bundleReported) {
    bundleReported = true;
    const [first] = runs;
    if (first) tables.unshift(bundleTable(ctx.webDist, first.firstRowMs, first.breakdown.assets));
  }
  return tables;
}

async function measureRun(page: Page, url: string, capMs: number): Promise<Run> {
  await page.goto(url);
  // A function, not a string: the app's CSP forbids the eval a string predicate needs.
  await page.waitForFunction(
    () => ((window as { __benchFirstRow?: number }).__benchFirstRow ?? 0) > 0,
    null,
    {
      timeout: 30_000,
    },
  );
  const firstRowMs = (await page.evaluate('window.__benchFirstRow')) as number;
  await page.waitForLoadState('networkidle');
  const breakdown = (await page.evaluate('window.__benchBreakdown()')) as Breakdown;
  // BENCH_WEB_PROFILE: where the scroll's time went (sampling every 0.5 ms), for whoever chases a long frame.
  const profilePath = process.env.BENCH_WEB_PROFILE;
  const cdp = profilePath ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  // BENCH_WEB_TRACE: Chromium's timeline of the scroll (layout, style, GC, script per frame), for the same.
  const tracePath = process.env.BENCH_WEB_TRACE;
  if (tracePath) {
    await page
      .context()
      .browser()
      ?.startTracing(page, {
        path: tracePath,
        categories: ['devtools.timeline', 'v8.execute', 'blink.user_timing'],
      });
  }
  const scroll = (await page.evaluate(`window.__benchScroll(${capMs})`)) as ScrollResult;
  if (tracePath) await page.context().browser()?.stopTracing();
  if (cdp && profilePath) {
    const { profile } = await cdp.send('Profiler.stop');
    await writeFile(profilePath, JSON.stringify(profile));
  }
  const heapAfterScrollMb = await liveHeapMb(page);
  // The fling above draws no rows until it rests (decision 019); this scroll draws every row it passes.
  await page.evaluate('window.__benchBackToTop()');
  const readingScroll = (await page.evaluate(
    `window.__benchScroll(${READING_SCROLL_MS}, 0.5)`,
  )) as ScrollResult;
  return { firstRowMs, breakdown, scroll, heapAfterScrollMb, readingScroll };
}

/** The page's live JavaScript heap after a full collection: what the list holds at the end of the scroll. */
async function liveHeapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize / 1_048_576;
  } finally {
    await cdp.detach();
  }
}

function browserTable(ctx: BenchContext, runs: Run[], items: number): BenchTable {
  const firstRow = median(runs.map((run) => run.firstRowMs));
  const frame = median(runs.map((run) => run.scroll.longestFrameMs));
  const loaf = median(runs.map((run) => run.scroll.longAnimationFrameMs));
  const worstFrame = Math.max(...runs.map((run) => run.scroll.longestFrameMs));
  const rows = median(runs.map((run) => run.scroll.rowsReached));
  const readingFrame = median(runs.map((run) => run.readingScroll.longestFrameMs));
  const readingRows = median(runs.map((run) => run.readingScroll.rowsReached));
  return {
    id: 'web-browser',
    title: '5b. Web: /triage in Chromium',
    database: ctx.database.label,
    columns: ['Measure', `Median of ${runs.length}`, 'Runs', 'Target', 'Result'],
    rows: [
      [
        'Navigation → first triage row painted',
        ms(firstRow),
        runs.map((run) => ms(run.firstRowMs)).join(', '),
        `< ${ms(TARGETS.firstRowMs)}`,
        verdict(firstRow < TARGETS.firstRowMs),
      ],
      [
        'Longest frame, scrolling top to bottom',
        ms(frame),
        runs.map((run) => ms(run.scroll.longestFrameMs)).join(', '),
        `≤ ${TARGETS.frameMs} ms (one frame)`,
        verdict(frame < ONE_FRAME_BOUND_MS),
      ],
      [
        'Longest frame, worst run',
        ms(worstFrame),
        '',
        `≤ ${TARGETS.worstRunFrameMs} ms (two frames)`,
        verdict(worstFrame < TWO_FRAMES_BOUND_MS),
      ],
      [
        'Frame p50 / p99 (median of runs)',
        `${ms(median(runs.map((run) => run.scroll.p50FrameMs)))} / ${ms(median(runs.map((run) => run.scroll.p99FrameMs)))}`,
        runs.map((run) => `${ms(run.scroll.p50FrameMs)} / ${ms(run.scroll.p99FrameMs)}`).join(', '),
        '—',
        '—',
      ],
      slowFramesRow('Frames over 17 ms / over 33 ms, of all frames', runs, (run) => run.scroll),
      [
        'Longest frame, half a viewport per frame (rows drawn)',
        ms(readingFrame),
        runs.map((run) => ms(run.readingScroll.longestFrameMs)).join(', '),
        `≤ ${TARGETS.frameMs} ms (one frame)`,
        verdict(readingFrame < ONE_FRAME_BOUND_MS),
      ],
      slowFramesRow(
        'Frames over 17 ms / over 33 ms, half a viewport per frame',
        runs,
        (run) => run.readingScroll,
      ),
      [
        'JS heap after scrolling to the end (live, after a full GC)',
        `${median(runs.map((run) => run.heapAfterScrollMb)).toFixed(1)} MB`,
        runs.map((run) => `${run.heapAfterScrollMb.toFixed(1)} MB`).join(', '),
        '—',
        '—',
      ],
      [
        'Longest long-animation-frame entry',
        ms(loaf),
        runs.map((run) => ms(run.scroll.longAnimationFrameMs)).join(', '),
        '—',
        '—',
      ],
    ],
    notes: [
      `A user with ${count(items)} items (direct SQL seeding), /triage/personal/inbox in Debian's Chromium (playwright-core, headless, the flags of e2e/playwright.config.ts), 1440×900, a fresh browser context (empty cache) per run, signed in by session cookie.`,
      `First row: performance.now() in the first animation frame after a thread row enters the document (time since navigation start). Where it went (medians): document ${ms(median(runs.map((run) => run.breakdown.documentMs)))}, scripts loaded ${ms(median(runs.map((run) => run.breakdown.scriptsMs)))}, first /api/triage/threads answered ${ms(median(runs.map(threadsAnsweredMs)))}.`,
      `Scrolling: one viewport per animation frame until the last page has loaded (${count(rows)} thread groups, median); longest gap between animation frames (requestAnimationFrame deltas), and Chromium's long-animation-frame entries. rAF timestamps are vsync times at 0.1 ms resolution: a gap under ${ONE_FRAME_BOUND_MS} ms is one 60 Hz frame (16.6–16.8 ms), under ${TWO_FRAMES_BOUND_MS} ms two; the targets are judged that way.`,
      `A scroll of a viewport or more per frame is a fling: the list draws only the cursor's and the open thread's rows until it slows or rests 150 ms (decision 019), so that scroll measures the fling. The half-viewport scroll (back at the top, then ${READING_SCROLL_MS / 1000} s or to the end: ${count(readingRows)} thread groups, median) draws every row it passes and is judged by the same frame target.`,
      ...(runs.some((run) => !run.scroll.isComplete)
        ? [`**Some runs hit the ${scrollCapMs(items) / 1000} s cap before the end of the list.**`]
        : []),
    ],
    data: runs.map((run) => ({ ...run })),
  };
}

/** A table row of one scroll's frames over one and two vsyncs: the median over the runs, then each run. */
function slowFramesRow(label: string, runs: Run[], scrollOf: (run: Run) => ScrollResult): string[] {
  const medianOf = (pick: (scroll: ScrollResult) => number) =>
    count(median(runs.map((run) => pick(scrollOf(run)))));
  return [
    label,
    `${medianOf((scroll) => scroll.framesOver17)} / ${medianOf((scroll) => scroll.framesOver33)} of ${medianOf((scroll) => scroll.frames)}`,
    runs
      .map(scrollOf)
      .map((scroll) => `${scroll.framesOver17} / ${scroll.framesOver33} of ${scroll.frames}`)
      .join(', '),
    '—',
    '—',
  ];
}

function threadsAnsweredMs(run: Run): number {
  return run.breakdown.api.find((call) => call.path === '/api/triage/threads')?.end ?? Number.NaN;
}
