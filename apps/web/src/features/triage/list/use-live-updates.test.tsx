// @vitest-environment happy-dom
/// <reference types="node" />
import http from 'node:http';
import type { ThreadsPage } from '@ledgerdesk/domain/api/triage';
import { RESYNC_EVENT, TRIAGE_EVENT } from '@ledgerdesk/domain/api/triage-endpoints';
import { testGroup, testItem } from '@ledgerdesk/domain/triage/test-item';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveAsPageOrigin } from '../../../lib/test-loopback';
import { type ListFilter, triageKeys } from '../triage-keys';
import type { ThreadsData } from '../utils/list-cache';
import { LIST_HEAD } from '../utils/page-window';
import { useTriageThreads } from './get-triage-threads';
import { useLiveUpdates } from './use-live-updates';
import { STREAM_REOPEN_MS } from './use-triage-events';

// Live updates: what the realtime stream's events do to the list. The stream is the browser's EventSource
// (happy-dom has none), played here by a class the test drives; the list's refetches go over real HTTP to a
// loopback server playing the API's part.

const requests: string[] = [];
let answerDelayMs = 0;
let inFlight = 0;
const page = (ids: string[]): ThreadsPage => ({
  groups: ids.map((id) => testGroup(`single-${id}`, [testItem({ id })])),
  nextCursor: null,
  total: ids.length,
});
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    requests.push(request.url ?? '');
    inFlight += 1;
    setTimeout(() => {
      answer(request, response);
      inFlight -= 1;
    }, answerDelayMs);
  });
});

function answer(request: http.IncomingMessage, response: http.ServerResponse) {
  response.writeHead(200, { 'content-type': 'application/json' });
  const isCounts = request.url?.startsWith('/api/triage/counts');
  const counts = { counts: { triage: 2, later: 0, scheduled: 0, drafts: 0 } };
  response.end(JSON.stringify(isCounts ? counts : page(['a', 'b'])));
}

class TestEventSource {
  static current: TestEventSource | null = null;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((message: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    TestEventSource.current = this;
  }
  addEventListener(type: string, listener: (message: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }
  send(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) });
  }
}

let stopServer: () => Promise<void>;
beforeAll(async () => {
  stopServer = await serveAsPageOrigin(server);
  (globalThis as unknown as { EventSource: unknown }).EventSource = TestEventSource;
});
afterAll(() => stopServer());
afterEach(async () => {
  // Past the refetch debounce, and every request answered before the hook goes (an unmount mid-request
  // aborts it noisily).
  await new Promise((resolve) => setTimeout(resolve, 500));
  await waitFor(() => expect(inFlight).toBe(0));
  cleanup();
  requests.length = 0;
  answerDelayMs = 0;
});

const INBOX: ListFilter = { view: 'inbox', tab: 'all', q: '', filters: [], mailboxId: null };
const settings = { enabled: false, interval: 60_000, showNotifications: true, autoRefresh: false };

function setup({ isLoaded = true, held = undefined as ThreadsData | undefined, polling = settings } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (isLoaded)
    queryClient.setQueryData<ThreadsData>(
      triageKeys.list(INBOX),
      held ?? { pages: [page(['a'])], pageParams: [LIST_HEAD] },
    );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  // The list on screen observes its query (an invalidated list nobody shows is not refetched).
  const { result } = renderHook(
    () => {
      const threads = useTriageThreads(INBOX);
      return useLiveUpdates(INBOX, polling, null, threads.data, () => {});
    },
    { wrapper },
  );
  const stream = TestEventSource.current as TestEventSource;
  return { result, stream, queryClient };
}

describe('useLiveUpdates', () => {
  it('counts an inserted item the list does not show as new mail, without reloading the list', async () => {
    const { result, stream } = setup();
    act(() => stream.send(TRIAGE_EVENT, { op: 'INSERT', id: 'b', threadKey: 'single-b' }));
    expect(result.current.newItemsCount).toBe(1);
    act(() => stream.send(TRIAGE_EVENT, { op: 'INSERT', id: 'c', threadKey: 'single-c' }));
    expect(result.current.newItemsCount).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(requests.filter((url) => url.startsWith('/api/triage/threads'))).toEqual([]);
  });

  it("counts only mail the list's view would show (not the user's own reply synced into Sent)", async () => {
    const { result, stream } = setup();
    const place = (status: string, folderState: string | null = null) => ({
      status,
      folderState,
      isSnoozed: false,
    });
    act(() => stream.send(TRIAGE_EVENT, { op: 'INSERT', id: 's', threadKey: 't-s', place: place('sent') }));
    act(() =>
      stream.send(TRIAGE_EVENT, {
        op: 'INSERT',
        id: 'x',
        threadKey: 't-x',
        place: place('inbox', 'archive'),
      }),
    );
    expect(result.current.newItemsCount).toBe(0);
    act(() => stream.send(TRIAGE_EVENT, { op: 'INSERT', id: 'n', threadKey: 't-n', place: place('inbox') }));
    expect(result.current.newItemsCount).toBe(1);
  });

  it('does not count an inserted item the list already shows (its first fetch saw it); the list refetches', async () => {
    const { result, stream } = setup();
    act(() => stream.send(TRIAGE_EVENT, { op: 'INSERT', id: 'a', threadKey: 'single-a' }));
    expect(result.current.newItemsCount).toBe(0);
    await waitFor(() => expect(requests.some((url) => url.startsWith('/api/triage/threads'))).toBe(true));
    expect(result.current.newItemsCount).toBe(0);
  });

  it('does not count an item announced while the first page was loading once that page shows it', async () => {
    answerDelayMs = 300;
    const { result, stream, queryClient } = setup({ isLoaded: false });
    act(() => stream.send(TRIAGE_EVENT, { op: 'INSERT', id: 'b', threadKey: 'single-b' }));
    act(() => stream.send(TRIAGE_EVENT, { op: 'INSERT', id: 'z', threadKey: 'single-z' }));
    await waitFor(() => expect(queryClient.getQueryData(triageKeys.list(INBOX))).toBeDefined());
    // b came with the page; z (committed after the page was read) is news.
    expect(result.current.newItemsCount).toBe(1);
  });

  it('refetches the list after an update made elsewhere, and refresh() clears the new-items count', async () => {
    const { result, stream, queryClient } = setup();
    act(() => stream.send(TRIAGE_EVENT, { op: 'UPDATE', id: 'a', threadKey: 'single-a' }));
    await waitFor(() => expect(requests.some((url) => url.startsWith('/api/triage/threads'))).toBe(true));
    // The refetched list shows b, so its insert is not news; c's is.
    await waitFor(() =>
      expect(
        queryClient
          .getQueryData<ThreadsData>(triageKeys.list(INBOX))
          ?.pages[0]?.groups.map((group) => group.id),
      ).toEqual(['single-a', 'single-b']),
    );
    act(() => stream.send(TRIAGE_EVENT, { op: 'INSERT', id: 'b', threadKey: 'single-b' }));
    act(() => stream.send(TRIAGE_EVENT, { op: 'INSERT', id: 'c', threadKey: 'single-c' }));
    expect(result.current.newItemsCount).toBe(1);
    act(() => result.current.refresh());
    expect(result.current.newItemsCount).toBe(0);
  });

  it('polls: a head newer than the pages held is news only when they are the head (a long scroll lets it go)', async () => {
    // The poll answers two items, the newest at 2024-05-01 10:00; the list held has as many, older.
    const older: ThreadsPage = {
      groups: ['x', 'y'].map((id) =>
        testGroup(`single-${id}`, [testItem({ id, time: '2024-04-01T10:00:00Z' })]),
      ),
      nextCursor: null,
      total: 2,
    };
    const polling = { ...settings, enabled: true, interval: 200 };
    const atHead = setup({ held: { pages: [older], pageParams: [LIST_HEAD] }, polling });
    await waitFor(() => expect(atHead.result.current.newItemsCount).toBe(1));
    cleanup();
    const deep = { cursor: 'c', start: 800, previous: LIST_HEAD };
    const farDown = setup({ held: { pages: [older], pageParams: [deep] }, polling });
    await waitFor(() => expect(requests.filter((url) => url.includes('limit=1')).length).toBeGreaterThan(2));
    expect(farDown.result.current.newItemsCount).toBe(0);
  });

  it('refetches the list when the stream says it may have missed events (resync)', async () => {
    const { stream } = setup();
    act(() => stream.send(RESYNC_EVENT, {}));
    await waitFor(() => expect(requests.some((url) => url.startsWith('/api/triage/threads'))).toBe(true));
  });

  it('opens the stream again when the server refused it (a 503 while the database is away), then refetches', async () => {
    const { stream } = setup();
    // A browser gives up on a stream answered with an error status: the source is closed for good.
    act(() => {
      stream.readyState = TestEventSource.CLOSED;
      stream.onerror?.();
    });
    await waitFor(() => expect(TestEventSource.current).not.toBe(stream), {
      timeout: STREAM_REOPEN_MS + 2000,
    });
    expect(requests.some((url) => url.startsWith('/api/triage/threads'))).toBe(false);
    act(() => TestEventSource.current?.onopen?.());
    await waitFor(() => expect(requests.some((url) => url.startsWith('/api/triage/threads'))).toBe(true));
  }, 15_000);
});
