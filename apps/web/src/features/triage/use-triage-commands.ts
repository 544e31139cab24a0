import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { UPDATE_MUTATION_KEY, useTriageActions } from './actions/update-items';
import { latestReplyRequest, type ReplyRequest } from './compose/compose-draft';
import { threadQueryOptions } from './thread/get-thread';
import { threadContentQueryOptions } from './thread/get-thread-content';
import type { ActionRequest, ActionSource } from './types/action-types';
import { itemsForAction, type ListAction, resolveToggleRead } from './utils/action-items';

export type ThreadCommand = ListAction | 'toggle_read';

/** The commands the list, the detail and the keyboard share: actions on threads, replies, pending states. */
export function useTriageCommands(openReply: (request: ReplyRequest) => void) {
  const queryClient = useQueryClient();
  const actions = useTriageActions();
  const { mutate } = actions;

  const runOnGroups = useCallback(
    (groups: ThreadGroupDto[], command: ThreadCommand, source: ActionSource) => {
      const action = command === 'toggle_read' ? resolveToggleRead(groups[0] ?? { unreadCount: 0 }) : command;
      const items = groups.flatMap((group) => itemsForAction(group, action));
      if (items.length === 0) return;
      mutate({ items, action, source, groupId: groups.length === 1 ? groups[0]?.id : undefined });
    },
    [mutate],
  );

  const runOnGroup = useCallback(
    (group: ThreadGroupDto, command: ThreadCommand) => {
      const isCleared = group.latestEmail.status === 'cleared';
      // In Cleared, "clear" on a cleared thread means putting it back.
      const action = isCleared && command === 'clear' ? 'move_to_inbox' : command;
      runOnGroups([group], action, 'single');
    },
    [runOnGroups],
  );

  const moveToInbox = useCallback(
    (group: ThreadGroupDto) =>
      mutate({
        items: group.emails,
        action: 'move_to_inbox',
        source: 'detail',
        groupId: group.id,
        isOptimistic: false,
      }),
    [mutate],
  );

  const markOpenedRead = useCallback(
    (group: ThreadGroupDto) => {
      if (group.unreadCount > 0) runOnGroups([group], 'mark_read', 'open');
    },
    [runOnGroups],
  );

  const replyToGroup = useCallback(
    (group: ThreadGroupDto, mode: ReplyRequest['mode']) => {
      const thread = queryClient.getQueryData(threadQueryOptions(group.id).queryKey);
      const content = queryClient.getQueryData(threadContentQueryOptions(group.id).queryKey);
      openReply(latestReplyRequest(mode, group, thread, content));
    },
    [queryClient, openReply],
  );

  const pending = useMutationState({
    filters: { mutationKey: UPDATE_MUTATION_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as ActionRequest | undefined,
  });
  const isPending = (groupId: string | null, action: ListAction) =>
    groupId != null && pending.some((request) => request?.groupId === groupId && request.action === action);

  return { runOnGroup, runOnGroups, moveToInbox, markOpenedRead, replyToGroup, isPending };
}
