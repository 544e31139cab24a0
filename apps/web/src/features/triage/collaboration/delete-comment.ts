import { COLLABORATION_API } from '@ledgerdesk/domain/api/collaboration-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { threadActivityQueryOptions } from './get-thread-activity';

/** Deletes an internal comment. */
export function deleteComment(id: string): Promise<void> {
  return api<void>(COLLABORATION_API.comment(id), { method: 'DELETE' });
}

/** Deletes a comment of the thread; the thread's activity refetches. */
export function useDeleteComment(threadKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: threadActivityQueryOptions(threadKey).queryKey }),
  });
}
