import type { ThreadResponse } from '@ledgerdesk/domain/api/triage';
import { TRIAGE_API } from '@ledgerdesk/domain/api/triage-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { triageKeys } from '../triage-keys';

/** Every item of a thread, oldest first. */
export async function getThread(threadKey: string, signal?: AbortSignal) {
  const { thread } = await api<ThreadResponse>(TRIAGE_API.thread(threadKey), { signal });
  return thread;
}

export function threadQueryOptions(threadKey: string) {
  return queryOptions({
    queryKey: triageKeys.thread(threadKey),
    queryFn: ({ signal }) => getThread(threadKey, signal),
  });
}

/** The items of the open thread (participants and ids for replies). */
export function useThread(threadKey: string | null) {
  return useQuery({ ...threadQueryOptions(threadKey ?? ''), enabled: threadKey != null });
}
