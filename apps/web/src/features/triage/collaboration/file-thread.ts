import { CLIENTS_API } from '@ledgerdesk/domain/api/clients-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshFiling } from './filing-refresh';

/** Files a thread to a work item. */
export function fileThread(threadKey: string, workItemId: string): Promise<{ thread: unknown }> {
  return api<{ thread: unknown }>(CLIENTS_API.fileThread(threadKey), {
    method: 'POST',
    body: { workItemId },
  });
}

/** Files the thread to a work item; its activity and the work feature's threads refetch. */
export function useFileThread(threadKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workItemId: string) => fileThread(threadKey, workItemId),
    onSuccess: () => refreshFiling(queryClient, threadKey),
  });
}
