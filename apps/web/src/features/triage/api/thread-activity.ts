import { CLIENTS_API, type ClientSaved } from '@ledgerdesk/domain/api/clients-endpoints';
import {
  COLLABORATION_API,
  type CommentDto,
  type CommentPosted,
  type ThreadActivityResponse,
} from '@ledgerdesk/domain/api/collaboration-endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { triageKeys } from './triage-keys';

/** A thread's assignment, its history and its internal comments (decision 013). */
export function useThreadActivity(threadKey: string | null) {
  return useQuery({
    queryKey: triageKeys.activity(threadKey ?? ''),
    queryFn: () => api<ThreadActivityResponse>(COLLABORATION_API.activity(threadKey ?? '')),
    enabled: Boolean(threadKey),
    staleTime: 15_000,
  });
}

export type AssignInput = {
  threadKey: string;
  assigneeUserId: string | null;
  todoDate?: string | null;
  comment?: string | null;
  clear?: boolean;
};

/** Assigns (or unassigns) a thread; "Assign & Clear" clears it too. Lists refresh: the items changed. */
export function useAssignThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ threadKey, ...body }: AssignInput) =>
      api<ThreadActivityResponse & { clearActionId: string | null }>(
        COLLABORATION_API.assignment(threadKey),
        {
          method: 'POST',
          body,
        },
      ),
    onSuccess: (activity, input) => {
      queryClient.setQueryData(triageKeys.activity(input.threadKey), activity);
      void queryClient.invalidateQueries({ queryKey: triageKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: triageKeys.counts() });
    },
  });
}

/** Posts, edits and deletes internal comments; the thread's activity refetches after each. */
export function useCommentActions(threadKey: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: triageKeys.activity(threadKey) });
  const post = useMutation({
    mutationFn: (body: string) =>
      api<CommentPosted>(COLLABORATION_API.comments(threadKey), { method: 'POST', body: { body } }),
    onSuccess: refresh,
  });
  const edit = useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      api<{ comment: CommentDto }>(COLLABORATION_API.comment(id), { method: 'PATCH', body: { body } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<void>(COLLABORATION_API.comment(id), { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { post, edit, remove };
}

/** Names a thread's client; every open thread's activity refetches (the client may show on many). */
export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      organisation: string;
      address: string;
      contactName: string | null;
      matchDomain: boolean;
    }) => api<ClientSaved>(CLIENTS_API.clients, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['triage', 'thread'] }),
  });
}

/** Files a thread to a work item, or takes it off. */
export function useWorkFiling(threadKey: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: triageKeys.activity(threadKey) });
    void queryClient.invalidateQueries({ queryKey: ['work', 'threads'] });
  };
  const file = useMutation({
    mutationFn: (workItemId: string) =>
      api<{ thread: unknown }>(CLIENTS_API.fileThread(threadKey), { method: 'POST', body: { workItemId } }),
    onSuccess: refresh,
  });
  const unfile = useMutation({
    mutationFn: (workItemId: string) =>
      api<void>(CLIENTS_API.unfileThread(threadKey, workItemId), { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { file, unfile };
}
