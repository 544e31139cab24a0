import type { ThreadsPage } from '@ledgerdesk/domain/api/triage';
import { testGroup, testItem } from '@ledgerdesk/domain/triage/test-item';
import { describe, expect, it } from 'vitest';
import { LIST_HEAD, nextPageParam, type PageParam, PageStarts, previousPageParam } from './page-window';

function page(first: number, size: number, nextCursor: string | null): ThreadsPage {
  const groups = Array.from({ length: size }, (_, offset) => {
    const id = `t${first + offset}`;
    return testGroup(id, [testItem({ id, emailThreadId: id })]);
  });
  return { groups, nextCursor, total: 1_000 };
}

/** Pages of 50, then 100, as the list fetches them, with their params. */
function walk(sizes: number[]): { pages: ThreadsPage[]; pageParams: PageParam[] } {
  const pages: ThreadsPage[] = [];
  const pageParams: PageParam[] = [];
  let param: PageParam | null = LIST_HEAD;
  sizes.forEach((size, index) => {
    if (!param) return;
    const fetched = page(param.start, size, index < sizes.length - 1 ? `c${index}` : null);
    pages.push(fetched);
    pageParams.push(param);
    param = nextPageParam(fetched, param);
  });
  return { pages, pageParams };
}

describe('page params', () => {
  it('number each page by the index of its first group in the whole list, and link the page before', () => {
    const { pageParams } = walk([50, 100, 100]);
    expect(pageParams.map((param) => [param.cursor, param.start])).toEqual([
      [null, 0],
      ['c0', 50],
      ['c1', 150],
    ]);
    expect(previousPageParam(pageParams[2] as PageParam)).toBe(pageParams[1]);
    expect(previousPageParam(LIST_HEAD)).toBeNull();
  });

  it('end with the last page', () => {
    const last = page(0, 20, null);
    expect(nextPageParam(last, LIST_HEAD)).toBeNull();
  });
});

describe('PageStarts', () => {
  it('remembers every page start held and how far the list reaches after its pages are let go', () => {
    const starts = new PageStarts();
    const all = walk([50, 100, 100, 100, 100]);
    // Pages held one window at a time: the first three, then the last two.
    starts.record({ pages: all.pages.slice(0, 3), pageParams: all.pageParams.slice(0, 3) }, true);
    expect(starts.extent).toBe(250);
    starts.record({ pages: all.pages.slice(3), pageParams: all.pageParams.slice(3) }, false);
    expect(starts.extent).toBe(450);
    // Back at the head, the list still spans what was seen.
    starts.record({ pages: all.pages.slice(0, 1), pageParams: all.pageParams.slice(0, 1) }, true);
    expect(starts.extent).toBe(450);
    expect(starts.pageFor(0)).toBe(LIST_HEAD);
    expect(starts.pageFor(49)).toBe(LIST_HEAD);
    expect(starts.pageFor(50)).toBe(all.pageParams[1]);
    expect(starts.pageFor(399)).toBe(all.pageParams[4]);
    expect(starts.pageFor(10_000)).toBe(all.pageParams[4]);
  });

  it('forgets what lies past the end once the last page is held and shorter', () => {
    const starts = new PageStarts();
    const all = walk([50, 100, 100]);
    starts.record(all, false);
    expect(starts.extent).toBe(250);
    // The list shrank: its head is now its only page.
    starts.record({ pages: [page(0, 30, null)], pageParams: [LIST_HEAD] }, false);
    expect(starts.extent).toBe(30);
    expect(starts.pageFor(200)).toBe(LIST_HEAD);
  });
});
