import type { CountsResponse } from '@ledgerdesk/domain/api/triage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { triageKeys } from '../triage-keys';

export type TriageCounts = CountsResponse['counts'];

export async function getTriageCounts(): Promise<TriageCounts> {
  const { counts } = await api<{ counts: TriageCounts }>('/api/triage/counts');
  return counts;
}

export const triageCountsQueryOptions = () =>
  queryOptions({ queryKey: triageKeys.counts(), queryFn: getTriageCounts, refetchInterval: 60_000 });

/** Unread badges for the sidebar (Triage, Later, Scheduled, Drafts, and each mailbox shared with the firm). */
export function useTriageCounts(enabled = true) {
  return useQuery({ ...triageCountsQueryOptions(), enabled });
}
