import { CLIENTS_API } from '@ledgerdesk/domain/api/clients-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshFiling } from './filing-refresh';

/** Takes a thread off a work item. */
export function unfileThread(threadKey: string, workItemId: string): Promise<void> {
  return api<void>(CLIENTS_API.unfileThread(threadKey, workItemId), { method: 'DELETE' });
}

/** Takes the thread off a work item; its activity and the work feature's threads refetch. */
export function useUnfileThread(threadKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workItemId: string) => unfileThread(threadKey, workItemId),
    onSuccess: () => refreshFiling(queryClient, threadKey),
  });
}
