import type { TriageView } from '../triage/triage-view';
import type { TypeTab } from '../triage/type-tabs';

// The zod-free part of the triage API contract (./triage.ts has the schemas and response types and re-exports
// this): what the browser needs at runtime to call the API, without loading zod.

export const THREADS_PAGE_DEFAULT_LIMIT = 50;
export const THREADS_PAGE_MAX_LIMIT = 100;
/** At most this many emails travel in one thread group; the counts still cover the whole group. */
export const THREAD_GROUP_EMAIL_CAP = 50;
export const SEARCH_QUERY_MAX_LENGTH = 200;
export const CUSTOM_FILTERS_MAX = 20;
export const BULK_UPDATE_MAX_IDS = 1000;
export const TYPE_TAB_IDS: readonly TypeTab[] = ['all', 'email', 'mention', 'notification', 'unread'];

export const TRIAGE_API = {
  threads: '/api/triage/threads',
  counts: '/api/triage/counts',
  thread: (threadKey: string) => `/api/triage/threads/${encodeURIComponent(threadKey)}`,
  threadContent: (threadKey: string) => `/api/triage/threads/${encodeURIComponent(threadKey)}/content`,
  item: (id: string) => `/api/triage/items/${encodeURIComponent(id)}`,
  bulkUpdate: '/api/triage/items/bulk-update',
  undo: (actionId: string) => `/api/triage/actions/${encodeURIComponent(actionId)}/undo`,
  events: '/api/events',
} as const;

/** What the web app asks for; `threadsSearchParams` turns it into the query string. */
export type ThreadsRequest = {
  view: TriageView;
  mailboxId?: string | null;
  tab?: TypeTab;
  q?: string;
  filters?: readonly { type: 'sender' | 'tag' | 'assignee' | 'client'; value: string }[];
  cursor?: string | null;
  limit?: number;
};

/** The query string of GET /api/triage/threads for a request (blank search and no filters are left out). */
export function threadsSearchParams(request: ThreadsRequest): string {
  const pairs: [string, string][] = [['view', request.view]];
  if (request.mailboxId) pairs.push(['mailboxId', request.mailboxId]);
  if (request.tab && request.tab !== 'all') pairs.push(['tab', request.tab]);
  if (request.q?.trim()) pairs.push(['q', request.q.trim()]);
  if (request.filters?.length) pairs.push(['filters', JSON.stringify(request.filters)]);
  if (request.cursor) pairs.push(['cursor', request.cursor]);
  if (request.limit) pairs.push(['limit', String(request.limit)]);
  return pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

export const TRIAGE_EVENT = 'triage';
/** `event: firm` on /api/events: the user's firm, its members or its shared mailboxes changed (refetch them). */
export const FIRM_EVENT = 'firm';
/**
 * `event: resync` on /api/events: the stream may have missed events (the browser reconnected, or the server lost
 * its database listener for a while): refetch every list and count.
 */
export const RESYNC_EVENT = 'resync';

/** Data of an `event: triage` message on /api/events. */
/** `raised` marks an update that brings the item back like new mail (a snooze returning, a reminder firing). */
export type TriageChangeEvent = {
  /** COMMENT: a thread's internal comments changed (decision 013); `id` is the comment's. */
  op: 'INSERT' | 'UPDATE' | 'DELETE' | 'COMMENT';
  id: string;
  threadKey: string;
  raised?: true;
  /** Inserts and updates: where the item is now, so a list can tell whether it would show it. */
  place?: { status: string; folderState: string | null; isSnoozed: boolean };
};
