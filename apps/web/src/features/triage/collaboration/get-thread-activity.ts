import {
  COLLABORATION_API,
  type ThreadActivityResponse,
} from '@ledgerdesk/domain/api/collaboration-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { triageKeys } from '../triage-keys';

/** A thread's assignment, its history, its internal comments and its client (decision 013). */
export function getThreadActivity(threadKey: string): Promise<ThreadActivityResponse> {
  return api<ThreadActivityResponse>(COLLABORATION_API.activity(threadKey));
}

export function threadActivityQueryOptions(threadKey: string) {
  return queryOptions({
    queryKey: triageKeys.activity(threadKey),
    queryFn: () => getThreadActivity(threadKey),
    staleTime: 15_000,
  });
}

/** The open thread's activity (decision 013). */
export function useThreadActivity(threadKey: string | null) {
  return useQuery({ ...threadActivityQueryOptions(threadKey ?? ''), enabled: Boolean(threadKey) });
}
