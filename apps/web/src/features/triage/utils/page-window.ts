import type { ThreadsPage } from '@ledgerdesk/domain/api/triage';

// A long scroll holds only the pages near the viewport (the list query's `maxPages`): at 100,000 items the
// loaded pages were ~100 MB of heap, and the browser's major collections over that heap were the longest
// frames of a scroll. Rows keep their index in the whole list (the first group is 0 wherever the pages held
// start), so the rows, the cursor and the open thread stand where they were when a page leaves or comes back.

/**
 * Where a page of a list starts: the keyset cursor it is fetched with (null for the first page), the index of
 * its first group in the whole list, and the page before it, so a page dropped from the window can be fetched
 * again when the reader scrolls back.
 */
export type PageParam = {
  readonly cursor: string | null;
  readonly start: number;
  readonly previous: PageParam | null;
};

export const LIST_HEAD: PageParam = { cursor: null, start: 0, previous: null };

/** Pages held at once: about 1,000 groups, many viewports either side of a steady reader. */
export const WINDOW_PAGES = 10;

/** The page after `last` (fetched with `lastParam`), or null at the end of the list. */
export function nextPageParam(last: ThreadsPage, lastParam: PageParam): PageParam | null {
  if (last.nextCursor == null) return null;
  return { cursor: last.nextCursor, start: lastParam.start + last.groups.length, previous: lastParam };
}

/** The page before the first one held, or null when the window starts at the list's head. */
export function previousPageParam(firstParam: PageParam): PageParam | null {
  return firstParam.previous;
}

/**
 * Every page start a list has held, so a jump (the scrollbar dragged far from the pages held) fetches the page
 * under the viewport directly instead of walking there one page at a time; and how far the list is known to
 * reach, so the scrollbar keeps its length when the pages held are near the top.
 */
export class PageStarts {
  private readonly byStart = new Map<number, PageParam>();
  private end = 0;

  /** Records the pages of a list's data as they are held now. */
  record(data: { pages: readonly ThreadsPage[]; pageParams: readonly PageParam[] }, hasNextPage: boolean) {
    let loadedEnd = 0;
    data.pages.forEach((page, index) => {
      const param = data.pageParams[index];
      if (!param) return;
      this.byStart.set(param.start, param);
      loadedEnd = param.start + page.groups.length;
    });
    // With the list's last page held, its true end is known (it may have shrunk since a page further on was seen).
    this.end = hasNextPage ? Math.max(this.end, loadedEnd) : loadedEnd;
    if (!hasNextPage)
      for (const start of this.byStart.keys())
        if (start >= loadedEnd && start > 0) this.byStart.delete(start);
  }

  /** How many rows the list is known to span. */
  get extent(): number {
    return this.end;
  }

  /** The known page that holds row `index` (the one starting closest before it). */
  pageFor(index: number): PageParam {
    let best = LIST_HEAD;
    for (const param of this.byStart.values()) {
      if (param.start <= index && param.start >= best.start) best = param;
    }
    return best;
  }
}
