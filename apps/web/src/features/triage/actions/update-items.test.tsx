// @vitest-environment happy-dom
/// <reference types="node" />
import http from 'node:http';
import type { ThreadsPage } from '@ledgerdesk/domain/api/triage';
import type { TriageItem } from '@ledgerdesk/domain/entities';
import { ARCHIVE_ERRORS, EMAIL_ARCHIVED } from '@ledgerdesk/domain/mail/archive-errors';
import { testGroup } from '@ledgerdesk/domain/triage/test-item';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { servePageOriginForFile } from '../../../lib/test-loopback';
import { dismissToastsAndCleanup } from '../../../lib/test-toasts';
import { type ListFilter, triageKeys } from '../triage-keys';
import { allGroups, type ThreadsData } from '../utils/list-cache';
import { LIST_HEAD } from '../utils/page-window';
import { undoLatest } from './undo-offer';
import { useTriageActions } from './update-items';

// The optimistic cache of the triage actions, against a real HTTP answer (a loopback server playing the
// API's part): the lists and counts change before the server answers, a refusal puts them back and shows
// the refusal's own §8 text, and a success keeps the change.

type Answer = { status: number; body: unknown; delayMs?: number };
let nextAnswer: Answer = { status: 200, body: {} };
/** While set, the answers to PATCH and bulk updates wait for it (an action's answer still on its way). */
let heldUpdates: Promise<void> | null = null;
let releaseHeldUpdates = () => {};
const UNDONE = { undone: 1, items: [] };
const requests: { method: string; url: string; body: string }[] = [];
const server = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', body });
    const isUndo = request.url?.endsWith('/undo') ?? false;
    const { status, body: answer, delayMs = 0 } = isUndo ? { status: 200, body: UNDONE } : nextAnswer;
    void (isUndo ? Promise.resolve() : (heldUpdates ?? Promise.resolve())).then(() =>
      setTimeout(() => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      }, delayMs),
    );
  });
});

servePageOriginForFile(server);
afterEach(async () => {
  await dismissToastsAndCleanup();
  requests.length = 0;
  releaseHeldUpdates();
  heldUpdates = null;
});

const INBOX: ListFilter = { view: 'inbox', tab: 'all', q: '', filters: [], mailboxId: null };

function item(id: string, overrides: Partial<TriageItem> = {}): TriageItem {
  return {
    id,
    userId: 'user-1',
    fromAddress: 'Dana Client <dana@client.test>',
    subject: `Subject ${id}`,
    time: '2026-11-20T10:00:00.000Z',
    type: 'email',
    isRead: false,
    avatar: null,
    status: 'inbox',
    emailMessageId: `msg-${id}`,
    emailIntegrationId: 'integration-1',
    emailThreadId: null,
    notificationType: 'email',
    notificationSourceId: null,
    metadata: {},
    previewContent: 'Hello',
    extractedReferences: null,
    syncPriority: 0,
    lastSyncAttemptAt: null,
    syncErrorCount: 0,
    syncErrorMessage: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    notificationSource: null,
    ...overrides,
  };
}

const group = (entry: TriageItem) => testGroup(`single-${entry.id}`, [entry]);

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const page: ThreadsPage = { groups: [group(item('a')), group(item('b'))], nextCursor: null, total: 2 };
  queryClient.setQueryData<ThreadsData>(triageKeys.list(INBOX), { pages: [page], pageParams: [LIST_HEAD] });
  queryClient.setQueryData(triageKeys.counts(), { triage: 2, later: 0, scheduled: 0, drafts: 0 });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  render(<Toaster />);
  const { result } = renderHook(() => useTriageActions(), { wrapper });
  const shownIds = () =>
    allGroups(queryClient.getQueryData<ThreadsData>(triageKeys.list(INBOX))).map((entry) => entry.id);
  const counts = () => queryClient.getQueryData<{ triage: number }>(triageKeys.counts());
  return { result, shownIds, counts };
}

describe('useTriageActions', () => {
  it('clears at once, then puts the thread back with the archive refusal in its own words', async () => {
    const { description } = ARCHIVE_ERRORS.AccessDenied;
    nextAnswer = {
      status: 403,
      body: { error: { code: 'AccessDenied', message: description } },
      delayMs: 150,
    };
    const { result, shownIds, counts } = setup();

    act(() => result.current.mutate({ items: [item('a')], action: 'clear', source: 'single' }));
    await waitFor(() => expect(shownIds()).toEqual(['single-b']));
    expect(counts()?.triage).toBe(1);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests).toEqual([
      { method: 'PATCH', url: '/api/triage/items/a', body: JSON.stringify({ status: 'cleared' }) },
    ]);

    await waitFor(() => expect(shownIds()).toEqual(['single-a', 'single-b']));
    expect(counts()?.triage).toBe(2);
    expect(await screen.findAllByText('Reconnection Required')).not.toHaveLength(0);
    expect(screen.getAllByText(description)).not.toHaveLength(0);
    expect(screen.queryByText("You don't have permission to update this item.")).toBeNull();
  });

  it('keeps a clear the server saved and says the email was archived', async () => {
    const saved = item('b', { status: 'cleared', metadata: { exchange_folder_state: 'archive' } });
    nextAnswer = { status: 200, body: { item: saved, mailbox: 'archived', notice: null } };
    const { result, shownIds, counts } = setup();

    act(() => result.current.mutate({ items: [item('b')], action: 'clear', source: 'single' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(shownIds()).toEqual(['single-a']);
    expect(counts()?.triage).toBe(1);
    expect(await screen.findAllByText(EMAIL_ARCHIVED.title)).not.toHaveLength(0);
  });

  it('undoes a clear whose answer has not arrived yet: the thread comes back at once, the undo follows the answer', async () => {
    heldUpdates = new Promise<void>((resolve) => {
      releaseHeldUpdates = resolve;
    });
    const saved = item('a', { status: 'cleared', metadata: { exchange_folder_state: 'archive' } });
    nextAnswer = {
      status: 200,
      body: { item: saved, mailbox: 'archived', notice: null, actionId: 'action-1' },
    };
    const { result, shownIds, counts } = setup();

    act(() => result.current.mutate({ items: [item('a')], action: 'clear', source: 'single' }));
    await waitFor(() => expect(shownIds()).toEqual(['single-b']));
    await waitFor(() => expect(requests).toHaveLength(1));
    // `z` (and the toast's Undo, which runs the same offer) while the PATCH is unanswered.
    let wasOffered = false;
    act(() => {
      wasOffered = undoLatest();
    });
    expect(wasOffered).toBe(true);
    expect(shownIds()).toEqual(['single-a', 'single-b']);
    expect(counts()?.triage).toBe(2);

    releaseHeldUpdates();
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toMatchObject({ method: 'POST', url: '/api/triage/actions/action-1/undo' });
    expect(await screen.findAllByText('Undone')).not.toHaveLength(0);
    expect(screen.queryByText(EMAIL_ARCHIVED.title)).toBeNull();
  });

  it('rolls a refused mark-read back and titles it "Update Failed"', async () => {
    nextAnswer = {
      status: 502,
      body: { error: { code: 'provider_error', message: 'The mailbox said no.' } },
    };
    const { result, counts } = setup();

    act(() => result.current.mutate({ items: [item('a')], action: 'mark_read', source: 'single' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(counts()?.triage).toBe(2);
    expect(await screen.findAllByText('Update Failed')).not.toHaveLength(0);
    expect(screen.getAllByText('The mailbox said no.')).not.toHaveLength(0);
    // Restored from the snapshot, not refetched: the only request was the update.
    expect(requests.map((request) => request.method)).toEqual(['PATCH']);
  });
});
