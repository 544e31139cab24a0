import type { ThreadGroupDto, ThreadsPage } from '@ledgerdesk/domain/api/triage';
import { testGroup, testItem } from '@ledgerdesk/domain/triage/test-item';
import { describe, expect, it } from 'vitest';
import {
  allGroups,
  applyItemChanges,
  findItems,
  firstPageOnly,
  flattenPages,
  sharePages,
  type ThreadsData,
} from './list-cache';
import { LIST_HEAD, type PageParam } from './page-window';

const group = testGroup;

function data(...pages: ThreadGroupDto[][]): ThreadsData {
  const total = pages.flat().reduce((sum, entry) => sum + entry.itemCount, 0);
  return {
    pages: pages.map(
      (groups, index): ThreadsPage => ({
        groups,
        nextCursor: index < pages.length - 1 ? `c${index}` : null,
        total,
      }),
    ),
    pageParams: pages.reduce<PageParam[]>((params, _, index) => {
      const previous = params[index - 1];
      const start = previous ? previous.start + (pages[index - 1]?.length ?? 0) : 0;
      params.push(index === 0 ? LIST_HEAD : { cursor: `c${index - 1}`, start, previous: previous ?? null });
      return params;
    }, []),
  };
}

const a2 = testItem({ id: 'a2', emailThreadId: 'A', time: '2024-05-03T09:00:00Z' });
const a1 = testItem({ id: 'a1', emailThreadId: 'A', time: '2024-05-01T09:00:00Z', isRead: true });
const b1 = testItem({ id: 'b1', emailThreadId: 'B', time: '2024-05-02T09:00:00Z' });
const c1 = testItem({ id: 'c1', emailThreadId: 'C', time: '2024-04-02T09:00:00Z' });
const inbox = data([group('A', [a2, a1]), group('B', [b1])], [group('C', [c1])]);

describe('applyItemChanges', () => {
  it('marks an item read and lowers the unread count of its group only', () => {
    const next = applyItemChanges(inbox, new Map([['a2', { isRead: true }]]), 'inbox');
    const [groupA, groupB] = next.pages[0]!.groups;
    expect(groupA!.unreadCount).toBe(0);
    expect(groupA!.emails[0]!.isRead).toBe(true);
    expect(groupB).toBe(inbox.pages[0]!.groups[1]);
    expect(next.pages[1]).toBe(inbox.pages[1]);
  });

  it('drops a cleared thread from the inbox and lowers every page total', () => {
    const next = applyItemChanges(
      inbox,
      new Map([['b1', { status: 'cleared' as const, metadata: { exchange_folder_state: 'archive' } }]]),
      'inbox',
    );
    expect(allGroups(next).map((entry) => entry.id)).toEqual(['A', 'C']);
    expect(next.pages.map((page) => page.total)).toEqual([3, 3]);
  });

  it('keeps the rest of a thread when only some of its items leave, with the newest remaining as latest', () => {
    const next = applyItemChanges(inbox, new Map([['a2', { status: 'sent' as const }]]), 'inbox');
    const groupA = next.pages[0]!.groups[0]!;
    expect(groupA.latestEmail.id).toBe('a1');
    expect(groupA.itemCount).toBe(1);
    expect(groupA.unreadCount).toBe(0);
    expect(groupA.lastActivity).toBe(a1.time);
  });

  it('keeps a "later" item in the main view (spec §4: main view includes later and low priority)', () => {
    const next = applyItemChanges(inbox, new Map([['b1', { status: 'later' as const }]]), 'inbox');
    expect(allGroups(next).map((entry) => entry.id)).toEqual(['A', 'B', 'C']);
    expect(next.pages[0]!.groups[1]!.latestEmail.status).toBe('later');
  });

  it('returns the same object when no cached item changes', () => {
    expect(applyItemChanges(inbox, new Map([['zz', { isRead: true }]]), 'inbox')).toBe(inbox);
  });
});

describe('cache helpers', () => {
  it('finds cached items by id across pages', () => {
    expect(findItems(inbox, new Set(['c1', 'a1'])).map((item) => item.id)).toEqual(['a1', 'c1']);
  });

  it('lists a thread once even when two pages both hold it', () => {
    const twice = data([group('A', [a2, a1]), group('B', [b1])], [group('B', [b1]), group('C', [c1])]);
    expect(allGroups(twice).map((entry) => entry.id)).toEqual(['A', 'B', 'C']);
  });

  it('extends the previous flattening when a page is appended, keeping its groups and skipping repeats', () => {
    const one = data([group('A', [a2, a1]), group('B', [b1])]);
    const first = flattenPages(one, null);
    const grown = { ...one, pages: [...one.pages, data([group('B', [b1]), group('C', [c1])]).pages[0]!] };
    const next = flattenPages(grown, first);
    expect(next.groups.map((entry) => entry.id)).toEqual(['A', 'B', 'C']);
    expect(next.groups[0]).toBe(first.groups[0]);
    expect(first.groups.map((entry) => entry.id)).toEqual(['A', 'B']);
  });

  it('is not misled by another page appended to the same previous flattening', () => {
    const one = data([group('A', [a2, a1])]);
    const first = flattenPages(one, null);
    const pageWith = (...groups: ThreadGroupDto[]) => data(groups).pages[0]!;
    flattenPages({ pages: [...one.pages, pageWith(group('B', [b1]))] }, first);
    const other = flattenPages(
      { pages: [...one.pages, pageWith(group('C', [c1])), pageWith(group('B', [b1]))] },
      first,
    );
    expect(other.groups.map((entry) => entry.id)).toEqual(['A', 'C', 'B']);
  });

  it('flattens from scratch when a page before the end changed', () => {
    const first = flattenPages(inbox, null);
    const changed = applyItemChanges(
      inbox,
      new Map([['b1', { status: 'cleared' as const, metadata: { exchange_folder_state: 'archive' } }]]),
      'inbox',
    );
    expect(flattenPages(changed, first).groups.map((entry) => entry.id)).toEqual(['A', 'C']);
  });

  it('keeps only the first page for a refresh', () => {
    const first = firstPageOnly(inbox);
    expect(first.pages).toHaveLength(1);
    expect(first.pageParams).toEqual([LIST_HEAD]);
  });
});

describe("sharePages (the list query's structural sharing)", () => {
  const d1 = testItem({ id: 'd1', emailThreadId: 'D', time: '2024-03-02T09:00:00Z' });
  const long = data([group('A', [a2, a1]), group('B', [b1])], [group('C', [c1])], [group('D', [d1])]);

  it('keeps every page held when the window lets its first page go (no copy of any group)', () => {
    const fetched = data([group('E', [testItem({ id: 'e1', emailThreadId: 'E' })])]).pages[0] as ThreadsPage;
    const shifted: ThreadsData = {
      pages: [...long.pages.slice(1), fetched],
      pageParams: [...long.pageParams.slice(1), { cursor: 'c2', start: 4, previous: null }],
    };
    const shared = sharePages(long, shifted) as ThreadsData;
    expect(shared.pages[0]).toBe(long.pages[1]);
    expect(shared.pages[1]).toBe(long.pages[2]);
    expect(shared.pages[2]).toBe(fetched);
    expect(shared.pageParams[0]).toBe(long.pageParams[1]);
  });

  it('keeps the identity of what a refetch found unchanged, page by cursor', () => {
    const refetched: ThreadsData = structuredClone(long);
    const changed = structuredClone(long.pages[1]) as ThreadsPage;
    (changed.groups[0] as { subject: string }).subject = 'New subject';
    refetched.pages[1] = changed;
    const shared = sharePages(long, refetched) as ThreadsData;
    expect(shared).not.toBe(long);
    expect(shared.pages[0]).toBe(long.pages[0]);
    expect(shared.pages[2]).toBe(long.pages[2]);
    expect(shared.pages[1]?.groups[0]?.subject).toBe('New subject');
    // A refetch that found nothing new is the old data itself: nothing re-renders.
    expect(sharePages(long, structuredClone(long))).toBe(long);
  });
});
