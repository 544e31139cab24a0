import {
  CLIENTS_API,
  type WorkThreadDto,
  type WorkThreadsResponse,
} from '@ledgerdesk/domain/api/clients-endpoints';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Threads filed to work items from triage ("Add to work", decision 012), by work item id. The one call the sample
 * Work screen makes (the issue over spec §1: the work items themselves stay sample data).
 */
export function useWorkThreads() {
  return useQuery({
    queryKey: ['work', 'threads'],
    queryFn: () => api<WorkThreadsResponse>(CLIENTS_API.workThreads),
    select: (response) => {
      const byItem = new Map<string, WorkThreadDto[]>();
      for (const thread of response.threads)
        byItem.set(thread.workItemId, [...(byItem.get(thread.workItemId) ?? []), thread]);
      return byItem;
    },
    staleTime: 30_000,
  });
}
