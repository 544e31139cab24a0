import type { QueryClient } from '@tanstack/react-query';
import { triageKeys } from '../triage-keys';

/** The work feature's list of filed threads (its own key: features do not import each other). */
const WORK_THREADS_KEY = ['work', 'threads'] as const;

/** After a thread is filed or taken off a work item: its activity and the work feature's threads refetch. */
export function refreshFiling(queryClient: QueryClient, threadKey: string): void {
  void queryClient.invalidateQueries({ queryKey: triageKeys.activity(threadKey) });
  void queryClient.invalidateQueries({ queryKey: WORK_THREADS_KEY });
}
