import { COLLABORATION_API, type CommentDto } from '@ledgerdesk/domain/api/collaboration-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { threadActivityQueryOptions } from './get-thread-activity';

/** Changes an internal comment's text. */
export function editComment(id: string, body: string): Promise<{ comment: CommentDto }> {
  return api<{ comment: CommentDto }>(COLLABORATION_API.comment(id), { method: 'PATCH', body: { body } });
}

/** Edits a comment of the thread; the thread's activity refetches. */
export function useEditComment(threadKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) => editComment(id, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: threadActivityQueryOptions(threadKey).queryKey }),
  });
}
