import { COLLABORATION_API, type CommentPosted } from '@ledgerdesk/domain/api/collaboration-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { threadActivityQueryOptions } from './get-thread-activity';

/** Posts an internal comment on a thread (decision 013). */
export function postComment(threadKey: string, body: string): Promise<CommentPosted> {
  return api<CommentPosted>(COLLABORATION_API.comments(threadKey), { method: 'POST', body: { body } });
}

/** Posts a comment; the thread's activity refetches. */
export function usePostComment(threadKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => postComment(threadKey, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: threadActivityQueryOptions(threadKey).queryKey }),
  });
}
