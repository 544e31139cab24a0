import type { ThreadsRequest } from '@ledgerdesk/domain/api/triage';

/** What a triage list shows: the view (and mailbox), tab, search and custom filters. */
export type ListFilter = Required<Pick<ThreadsRequest, 'view' | 'tab' | 'q' | 'filters'>> & {
  mailboxId: string | null;
};

/** Query keys of the triage feature, in one place so optimistic updates find every cached list. */
export const triageKeys = {
  all: ['triage'] as const,
  lists: () => ['triage', 'threads'] as const,
  list: (filter: ListFilter) => ['triage', 'threads', filter] as const,
  counts: () => ['triage', 'counts'] as const,
  /** Every open thread's items and activity (a client named may show on many threads). */
  threads: () => ['triage', 'thread'] as const,
  thread: (threadKey: string) => ['triage', 'thread', threadKey] as const,
  content: (threadKey: string) => ['triage', 'thread-content', threadKey] as const,
  /** Assignment, its history and internal comments of a thread (decision 013): refreshed with the thread. */
  activity: (threadKey: string) => ['triage', 'thread', threadKey, 'activity'] as const,
};
