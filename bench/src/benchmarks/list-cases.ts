import type { ThreadsPage } from '@ledgerdesk/domain/api/triage';
import { call, type Session } from '../client/http-client';

export type ListCase = {
  name: string;
  /** Our endpoint (the triage query API). */
  ours: string;
  /** The baseline endpoint answering the same question the original way. */
  baseline: string;
};

/**
 * The requests a user makes most: inbox, Cleared, Unread, a search, a search with operators (decision 009), the
 * sidebar counts.
 */
export function listCases(searchToken: string): ListCase[] {
  const threads = (query: string) => ({
    ours: `/api/triage/threads?${query}`,
    baseline: `/api/bench/baseline/threads?${query}`,
  });
  return [
    { name: 'Inbox, first page', ...threads('view=inbox') },
    { name: 'Cleared view', ...threads('view=cleared') },
    { name: 'Unread tab', ...threads('view=inbox&tab=unread') },
    { name: 'Search (~50 matches)', ...threads(`view=inbox&q=${encodeURIComponent(searchToken)}`) },
    {
      name: 'Search operators (is:unread -term)',
      ...threads(`view=inbox&q=${encodeURIComponent(`${searchToken} is:unread -zzqx`)}`),
    },
    { name: 'Sidebar counts', ours: '/api/triage/counts', baseline: '/api/bench/baseline/counts' },
  ];
}

/**
 * Whether ours and the baseline answer the same thing (same total and first-page thread order; same
 * counts): a benchmark that compares two different answers would be meaningless.
 */
export async function compareAnswers(
  session: Session,
  listCase: ListCase,
): Promise<{ mismatch: string | null; baselineMs: number }> {
  const ours = (await call<unknown>(session, 'GET', listCase.ours)).body;
  const timed = await call<unknown>(session, 'GET', listCase.baseline);
  return { mismatch: differences(listCase, ours, timed.body), baselineMs: timed.serverMs };
}

/**
 * Ours answers the shared mailboxes' counts too (firms, decision 012); the original design has none, so for a user
 * who sees no shared mailbox (the bench's) an empty map says what its absence says.
 */
function withoutEmptyShared(answer: unknown): unknown {
  const counts = (answer as { counts?: Record<string, unknown> } | null)?.counts;
  const shared = counts?.shared;
  if (!counts || !shared || typeof shared !== 'object' || Object.keys(shared).length > 0) return answer;
  const { shared: _empty, ...rest } = counts;
  return { ...(answer as object), counts: rest };
}

function differences(listCase: ListCase, ours: unknown, baseline: unknown): string | null {
  if (listCase.ours.includes('/counts')) {
    const a = JSON.stringify(withoutEmptyShared(ours));
    const b = JSON.stringify(baseline);
    return a === b ? null : `counts differ: ours ${a}, baseline ${b}`;
  }
  const page = ours as ThreadsPage;
  const base = baseline as ThreadsPage;
  if (page.total !== base.total) return `totals differ: ours ${page.total}, baseline ${base.total}`;
  const ids = page.groups.map((group) => group.id);
  const baseIds = base.groups.slice(0, ids.length).map((group) => group.id);
  const firstDifference = ids.findIndex((id, index) => id !== baseIds[index]);
  return firstDifference < 0 ? null : `thread order differs at position ${firstDifference + 1}`;
}
