import {
  COLLABORATION_API,
  type ThreadActivityResponse,
} from '@ledgerdesk/domain/api/collaboration-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { triageKeys } from '../triage-keys';
import type { AssignInput } from './collaboration-types';
import { threadActivityQueryOptions } from './get-thread-activity';

type AssignResponse = ThreadActivityResponse & { clearActionId: string | null };

/** Assigns (or unassigns) a thread; "Assign & Clear" clears it too. Answers with the thread's new activity. */
export function assignThread({ threadKey, ...body }: AssignInput): Promise<AssignResponse> {
  return api<AssignResponse>(COLLABORATION_API.assignment(threadKey), { method: 'POST', body });
}

/** Assigns a thread: its activity is the answer; lists and counts refresh (the items changed). */
export function useAssignThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignThread,
    onSuccess: (activity, input) => {
      queryClient.setQueryData(threadActivityQueryOptions(input.threadKey).queryKey, activity);
      void queryClient.invalidateQueries({ queryKey: triageKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: triageKeys.counts() });
    },
  });
}
