// @vitest-environment happy-dom
import http from 'node:http';
import type { ThreadsPage } from '@ledgerdesk/domain/api/triage';
import { testGroup, testItem } from '@ledgerdesk/domain/triage/test-item';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { servePageOriginForFile } from '../../../lib/test-loopback';
import { type ListFilter, triageKeys } from '../triage-keys';
import { applyItemChanges, type ThreadsData } from '../utils/list-cache';
import { WINDOW_PAGES } from '../utils/page-window';
import { useTriageThreads } from './get-triage-threads';
import { useCheckedThreads } from './use-checked-threads';
import { useListWindow } from './use-list-window';
import { useThreadNavigation } from './use-thread-navigation';

// A long list holds only a window of pages (the query's maxPages), fetched over real HTTP from a loopback server
// playing the API: 2,000 single-email threads t0…t1999, newest first, the cursor being the next index.

const LIST_LENGTH = 2_000;
const requests: string[] = [];
const server = http.createServer((request, response) => {
  requests.push(request.url ?? '');
  const url = new URL(request.url ?? '/', 'http://localhost');
  const from = Number(url.searchParams.get('cursor') ?? '0');
  const limit = Number(url.searchParams.get('limit') ?? '50');
  const to = Math.min(LIST_LENGTH, from + limit);
  const groups = [];
  for (let index = from; index < to; index++) {
    const id = `t${index}`;
    groups.push(testGroup(id, [testItem({ id: `item-${index}`, emailThreadId: id })]));
  }
  const body: ThreadsPage = { groups, nextCursor: to < LIST_LENGTH ? String(to) : null, total: LIST_LENGTH };
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
});

servePageOriginForFile(server);
afterEach(() => {
  cleanup();
  requests.length = 0;
});

const INBOX: ListFilter = { view: 'inbox', tab: 'all', q: '', filters: [], mailboxId: null };

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => {
      const threads = useTriageThreads(INBOX);
      const rows = useListWindow(INBOX, threads);
      const checked = useCheckedThreads(rows);
      const nav = useThreadNavigation(rows, threads.isSuccess);
      return { threads, rows, checked, nav };
    },
    { wrapper },
  );
  return { result, queryClient };
}

type Hook = ReturnType<typeof setup>['result'];

/** Scrolls on: fetches next pages until the rows held reach `end`. */
async function fetchUntil(result: Hook, end: number) {
  while (result.current.rows.loadedEnd < end) {
    const before = result.current.rows.loadedEnd;
    await act(() => result.current.threads.fetchNextPage());
    await waitFor(() => expect(result.current.rows.loadedEnd).toBeGreaterThan(before));
  }
}

describe('useListWindow over a long list', () => {
  it('holds a window of pages, addresses rows by their index in the whole list, and fetches let-go pages again', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.threads.isSuccess).toBe(true));
    // The head (50) and 11 pages of 100: the first two are let go.
    await fetchUntil(result, 1_150);
    const { rows } = result.current;
    expect(result.current.threads.data?.pages).toHaveLength(WINDOW_PAGES);
    expect(rows.offset).toBe(150);
    expect(rows.loadedEnd).toBe(1_150);
    expect(rows.count).toBe(1_150);
    expect(rows.at(150)?.id).toBe('t150');
    expect(rows.at(1_149)?.id).toBe('t1149');
    expect(rows.at(149)).toBeUndefined();
    expect(rows.indexOf('t0')).toBe(-1);
    expect(rows.indexOf('t700')).toBe(700);

    // Scrolling back fetches the page before again (and lets the last one go).
    await act(() => result.current.threads.fetchPreviousPage());
    await waitFor(() => expect(result.current.rows.offset).toBe(50));
    expect(result.current.rows.at(50)?.id).toBe('t50');
    expect(result.current.rows.loadedEnd).toBe(1_050);
    // The list keeps its known length for the scrollbar.
    expect(result.current.rows.count).toBe(1_150);
  });

  it('jumps straight to the page under a row far from the window', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.threads.isSuccess).toBe(true));
    await fetchUntil(result, 1_550);
    expect(result.current.rows.offset).toBe(550);
    requests.length = 0;

    act(() => result.current.rows.jumpTo(10));
    await waitFor(() => expect(result.current.rows.offset).toBe(0));
    expect(result.current.rows.at(10)?.id).toBe('t10');
    expect(result.current.rows.count).toBe(1_550);
    // One request, for the head: not a walk back page by page.
    expect(requests).toHaveLength(1);
    expect(requests[0]).not.toContain('cursor=');

    act(() => result.current.rows.jumpTo(1_420));
    await waitFor(() => expect(result.current.rows.offset).toBe(1_350));
    expect(result.current.rows.at(1_420)?.id).toBe('t1420');
    expect(requests[1]).toContain('cursor=1350');
  });

  it('keeps a ticked thread and the open thread when their page is let go, and drops them when they leave the list', async () => {
    const { result, queryClient } = setup();
    await waitFor(() => expect(result.current.threads.isSuccess).toBe(true));
    act(() => {
      result.current.checked.toggle('t3');
      result.current.nav.setOpenGroupId('t5');
    });
    await fetchUntil(result, 1_250);
    expect(result.current.rows.indexOf('t3')).toBe(-1);
    expect([...result.current.checked.checked]).toEqual(['t3']);
    expect(result.current.checked.checkedGroups().map((group) => group.id)).toEqual(['t3']);
    expect(result.current.nav.openGroup?.id).toBe('t5');

    // Back at the head, both are held again; then t3 and t5 leave the list (cleared elsewhere).
    act(() => result.current.rows.jumpTo(0));
    await waitFor(() => expect(result.current.rows.offset).toBe(0));
    expect(result.current.checked.checked.has('t3')).toBe(true);
    const cleared = { status: 'cleared' as const };
    act(() => {
      queryClient.setQueryData<ThreadsData>(triageKeys.list(INBOX), (data) =>
        data
          ? applyItemChanges(
              data,
              new Map([
                ['item-3', cleared],
                ['item-5', cleared],
              ]),
              'inbox',
            )
          : data,
      );
    });
    await waitFor(() => expect(result.current.checked.checked.size).toBe(0));
    await waitFor(() => expect(result.current.nav.openGroupId).toBeNull());
  });

  it('walks j/k within the rows held, by their index in the whole list', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.threads.isSuccess).toBe(true));
    await fetchUntil(result, 1_150);
    act(() => result.current.nav.setActiveIndex(700));
    act(() => result.current.nav.move(1));
    expect(result.current.nav.activeIndex).toBe(701);
    expect(result.current.nav.cursorGroup?.id).toBe('t701');
    // Far above the window (the page it stood on was let go), the cursor comes back to the first row held.
    act(() => result.current.nav.setActiveIndex(3));
    act(() => result.current.nav.move(1));
    expect(result.current.nav.activeIndex).toBe(150);
  });
});
