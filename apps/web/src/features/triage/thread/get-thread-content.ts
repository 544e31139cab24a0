import type { ThreadContentResponse } from '@ledgerdesk/domain/api/triage';
import { TRIAGE_API } from '@ledgerdesk/domain/api/triage-endpoints';
import { THREAD_LOADING_TIMEOUT_MS } from '@ledgerdesk/domain/constants';
import { classifyThreadLoadError, shouldRetryThreadLoad } from '@ledgerdesk/domain/mail/thread-load-errors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { triageKeys } from '../triage-keys';

// The server gives up on the thread after 15 s; the browser waits a little longer for that answer.
const CONTENT_REQUEST_TIMEOUT_MS = THREAD_LOADING_TIMEOUT_MS + 5000;

/** Each message's content (or its failure) for a thread, through the mailbox providers. */
export function getThreadContent(threadKey: string, signal?: AbortSignal) {
  return api<ThreadContentResponse>(TRIAGE_API.threadContent(threadKey), {
    signal,
    timeoutMs: CONTENT_REQUEST_TIMEOUT_MS,
  });
}

/** Retries of spec §8: at most 2, never for an expired token, a signed-out user or an inactive integration. */
export function shouldRetryContent(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404)) {
    return false;
  }
  return shouldRetryThreadLoad(classifyThreadLoadError(error.message), failureCount);
}

export function threadContentQueryOptions(threadKey: string) {
  return queryOptions({
    queryKey: triageKeys.content(threadKey),
    queryFn: ({ signal }) => getThreadContent(threadKey, signal),
    retry: shouldRetryContent,
    staleTime: 5 * 60_000,
  });
}

/** The open thread's message contents. */
export function useThreadContent(threadKey: string | null) {
  return useQuery({ ...threadContentQueryOptions(threadKey ?? ''), enabled: threadKey != null });
}
