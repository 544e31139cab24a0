// Runs inside the page as a Playwright init script (plain JavaScript, so no build step can inject helpers).
// Records when the first thread row is painted and offers window.__benchScroll() for the scroll benchmark.
(() => {
  const ROW = '[data-testid="thread-row"]';
  const SCROLLER = '[data-testid="thread-list-scroll"]';
  const LOADING_MORE = '[data-testid="thread-list-loading-more"]';
  const state = window;

  // The first frame painted with a thread row in the document, in ms since navigation start.
  const observer = new MutationObserver(() => {
    if (state.__benchFirstRow !== undefined || !document.querySelector(ROW)) return;
    state.__benchFirstRow = -1;
    observer.disconnect();
    requestAnimationFrame(() => {
      state.__benchFirstRow = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });

  // Where the time to the first row went: document, scripts and the API calls, as resource timings.
  state.__benchBreakdown = () => {
    const [navigation] = performance.getEntriesByType('navigation');
    const resources = performance.getEntriesByType('resource');
    const endOf = (test) =>
      Math.max(0, ...resources.filter((entry) => test(entry.name)).map((entry) => entry.responseEnd));
    const api = resources
      .filter((entry) => entry.name.includes('/api/'))
      .map((entry) => ({
        path: new URL(entry.name).pathname,
        start: Math.round(entry.startTime),
        end: Math.round(entry.responseEnd),
      }));
    const assets = resources
      .filter((entry) => /\.(js|css)$/.test(new URL(entry.name).pathname))
      .map((entry) => ({ path: new URL(entry.name).pathname, end: Math.round(entry.responseEnd) }));
    return {
      assets,
      documentMs: Math.round(navigation?.responseEnd ?? 0),
      scriptsMs: Math.round(endOf((name) => name.endsWith('.js'))),
      domContentLoadedMs: Math.round(navigation?.domContentLoadedEventEnd ?? 0),
      api,
    };
  };

  // Scrolls the list top to bottom `viewports` viewports per frame (1: a fling, which draws no rows until it rests;
  // 0.5: a fast scroll whose rows are drawn), waiting at the end while the next page loads; answers the longest
  // gap between animation frames and the longest long-animation-frame entry.
  state.__benchScroll = (capMs, viewports = 1) => {
    const scroller = document.querySelector(SCROLLER);
    if (!scroller) return Promise.reject(new Error(`no ${SCROLLER} in the page`));
    let longAnimationFrameMs = 0;
    let worstFrameScripts = [];
    let loaf = null;
    if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
      loaf = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.duration <= longAnimationFrameMs) continue;
          longAnimationFrameMs = entry.duration;
          // What ran in the worst frame, for whoever looks into it.
          worstFrameScripts = (entry.scripts ?? [])
            .map((script) => ({
              invoker: script.invoker,
              source: `${script.sourceURL.split('/').pop()}:${script.sourceFunctionName}`,
              ms: Math.round(script.duration),
            }))
            .sort((a, b) => b.ms - a.ms)
            .slice(0, 3);
        }
      });
      loaf.observe({ type: 'long-animation-frame' });
    }
    return new Promise((resolve) => {
      let started = 0;
      let last = 0;
      let longest = 0;
      let frames = 0;
      const gaps = [];
      let settledSince = 0;
      const finish = (now) => {
        loaf?.disconnect();
        const indexes = [...scroller.querySelectorAll('[data-row-index]')].map((row) =>
          Number(row.getAttribute('data-row-index')),
        );
        const sorted = gaps.sort((a, b) => a - b);
        const at = (share) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
        resolve({
          longestFrameMs: longest,
          p50FrameMs: at(0.5),
          p99FrameMs: at(0.99),
          framesOver17: sorted.filter((gap) => gap > 17.5).length,
          framesOver33: sorted.filter((gap) => gap > 34).length,
          longAnimationFrameMs,
          worstFrameScripts,
          frames,
          rowsReached: indexes.length ? Math.max(...indexes) + 1 : 0,
          ms: now - started,
          isComplete: now - started <= capMs,
        });
      };
      const step = (now) => {
        longest = Math.max(longest, now - last);
        gaps.push(now - last);
        last = now;
        frames++;
        const isAtBottom = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
        // One selector, not the list's text: reading every row's text each frame was 6% of the scroll's CPU time.
        const isLoading = scroller.querySelector(LOADING_MORE) !== null;
        if (isAtBottom && !isLoading) settledSince ||= now;
        else settledSince = 0;
        if ((settledSince && now - settledSince > 400) || now - started > capMs) return finish(now);
        scroller.scrollTop += Math.round(scroller.clientHeight * viewports);
        requestAnimationFrame(step);
      };
      requestAnimationFrame((now) => {
        started = now;
        last = now;
        requestAnimationFrame(step);
      });
    });
  };

  // Back to the top, answered once the list's first row is drawn again (its page fetched again if let go).
  state.__benchBackToTop = () => {
    const scroller = document.querySelector(SCROLLER);
    if (!scroller) return Promise.reject(new Error(`no ${SCROLLER} in the page`));
    scroller.scrollTop = 0;
    return new Promise((resolve) => {
      const check = () => {
        if (scroller.querySelector('[data-testid="thread-row"] [data-row-index="0"]')) resolve(true);
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
  };
})();
