import { itemLinkOf } from '@ledgerdesk/domain/api/collaboration-endpoints';
import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { initialExpandedEmailId } from '@ledgerdesk/domain/triage/email-row';
import { addressOf } from '@ledgerdesk/domain/triage/reply';
import { parseSenderAddress } from '@ledgerdesk/domain/triage/sender-address';
import { FORWARD_NOT_IMPLEMENTED } from '@ledgerdesk/domain/triage/validate-compose';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { useNow } from '../../../lib/use-now';
import { ThreadActionBar } from '../actions/thread-action-bar';
import { useSnoozeControls } from '../actions/use-snooze-controls';
import { ClientDialog } from '../collaboration/client-dialog';
import { useThreadActivity } from '../collaboration/get-thread-activity';
import { useSaveClient } from '../collaboration/save-client';
import { ThreadCollaboration } from '../collaboration/thread-collaboration';
import { latestReplyRequest, type ReplyRequest, threadParticipants } from '../compose/compose-draft';
import { TriageScreenContext } from '../triage-screen-context';
import type { ListAction } from '../utils/action-items';
import { alwaysDoThisPath } from '../utils/always-do-this';
import { canSnooze, isSnoozed } from '../utils/snoozable';
import { EmailRow } from './email-row';
import { StatusCard } from './status-card';
import { latestSharedActivity, ThreadDetailHeader } from './thread-detail-header';
import type { EmailRowData } from './thread-detail-types';
import { useThreadDetail } from './use-thread-detail';

export type ThreadDetailProps = {
  group: ThreadGroupDto;
  isMobile: boolean;
  isArchiving: boolean;
  isUnarchiving: boolean;
  onClose: () => void;
  onAction: (group: ThreadGroupDto, action: ListAction) => void;
  onMoveToInbox: (group: ThreadGroupDto) => void;
  onReply: (request: ReplyRequest) => void;
};

/** The thread detail pane of spec §2: header, action bar, and the emails or a status card. */
export function ThreadDetail(props: ThreadDetailProps) {
  const { group } = props;
  const detail = useThreadDetail(group);
  const snooze = useSnoozeControls();
  const now = useNow();
  // Unread as it was when the thread opened: opening marks it read, the expansion and dots keep the old state.
  const [unreadAtOpen] = useState(() => new Set(group.emails.filter((e) => !e.isRead).map((e) => e.id)));
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(new Map());
  const initialId = useMemo(
    () =>
      initialExpandedEmailId(
        detail.rows.flatMap((row) =>
          row.email
            ? [
                {
                  id: row.itemId,
                  isRead: !unreadAtOpen.has(row.itemId),
                  receivedDateTime: row.email.receivedDateTime,
                },
              ]
            : [],
        ),
      ),
    [detail.rows, unreadAtOpen],
  );
  const bodyRef = useRef<HTMLDivElement | null>(null);
  const [assignRequest, setAssignRequest] = useState(0);
  const activity = useThreadActivity(group.id).data;
  const [isSettingClient, setIsSettingClient] = useState(false);
  const saveClient = useSaveClient();
  // Inside the triage screen the header can add the client chip to the list.
  const screen = useContext(TriageScreenContext);
  // A mention opens the thread with its comment highlighted.
  const link = itemLinkOf(group.latestEmail.metadata);
  const hasRows = detail.rows.length > 0;
  useEffect(() => {
    if (!hasRows) return;
    bodyRef.current?.querySelector('[data-expanded]')?.scrollIntoView({ block: 'nearest' });
  }, [hasRows]);

  const participants = threadParticipants(group, detail.thread, detail.content);
  const headerParticipants = detail.thread?.participants.length
    ? detail.thread.participants
    : group.participants.map((p) => ({ name: parseSenderAddress(p).name, address: addressOf(p) }));
  const reply = (mode: ReplyRequest['mode'], row?: EmailRowData) => {
    if (row?.item) props.onReply({ mode, item: row.item, email: row.email, participants });
    else props.onReply(latestReplyRequest(mode, group, detail.thread, detail.content));
  };

  return (
    <section aria-label="Thread detail" className="flex h-full min-h-0 flex-col bg-surface">
      <ThreadDetailHeader
        subject={detail.thread?.subject ?? group.subject}
        participants={headerParticipants}
        emailCount={detail.thread?.emailCount ?? group.itemCount}
        activity={latestSharedActivity(detail.thread?.items ?? group.emails)}
        client={activity?.client ?? null}
        onSetClient={activity?.clientCandidate ? () => setIsSettingClient(true) : null}
        onFilterClient={
          screen ? (organisation) => screen.list.addFilter({ type: 'client', value: organisation }) : null
        }
        alwaysDoThisTo={
          link || group.latestEmail.type === 'mention'
            ? null
            : alwaysDoThisPath(group.latestEmail.fromAddress, group.latestEmail.status)
        }
        isMobile={props.isMobile}
        onClose={props.onClose}
      />
      <ThreadActionBar
        status={detail.status}
        isCleared={detail.isCleared}
        isArchiving={props.isArchiving}
        isUnarchiving={props.isUnarchiving}
        onReply={() => reply('reply')}
        onReplyAll={() => reply('replyAll')}
        onAction={(action) => props.onAction(group, action)}
        onMoveToInbox={() => props.onMoveToInbox(group)}
        onSnooze={snooze && canSnooze(group) ? () => snooze.open([group]) : null}
        onUnsnooze={snooze && isSnoozed(group) ? () => snooze.unsnooze([group]) : null}
        onAssign={() => setAssignRequest((count) => count + 1)}
      />
      <div ref={bodyRef} className="min-h-0 flex-1 overflow-y-auto bg-surface-2 px-4 py-4">
        {detail.cardKind ? (
          <StatusCard kind={detail.cardKind} onRetry={detail.retry} />
        ) : (
          <div className="flex flex-col gap-2">
            {detail.rows.map((row) => (
              <EmailRow
                key={row.itemId}
                row={row}
                wasUnread={unreadAtOpen.has(row.itemId)}
                isExpanded={toggled.get(row.itemId) ?? row.itemId === initialId}
                onToggle={() =>
                  setToggled((map) =>
                    new Map(map).set(row.itemId, !(map.get(row.itemId) ?? row.itemId === initialId)),
                  )
                }
                now={now}
                onReply={(target) => reply('reply', target)}
                onReplyAll={(target) => reply('replyAll', target)}
                onForward={() => toast.info(FORWARD_NOT_IMPLEMENTED)}
              />
            ))}
          </div>
        )}
        <ThreadCollaboration
          threadKey={group.id}
          now={now}
          highlightCommentId={link?.kind === 'mention' ? (link.comment_id ?? null) : null}
          assignRequest={assignRequest}
        />
      </div>
      {activity?.clientCandidate ? (
        <ClientDialog
          key={isSettingClient ? 'open' : 'closed'}
          isOpen={isSettingClient}
          candidate={
            activity.client
              ? { ...activity.clientCandidate, address: activity.client.address }
              : activity.clientCandidate
          }
          isPending={saveClient.isPending}
          onClose={() => setIsSettingClient(false)}
          onSave={(choice) =>
            saveClient.mutate(
              { ...choice, address: activity.client?.address ?? activity.clientCandidate?.address ?? '' },
              {
                onSuccess: (saved) => {
                  setIsSettingClient(false);
                  toast.success('Client saved', {
                    description: [saved.organisation, saved.contact].filter(Boolean).join(' · '),
                  });
                },
                onError: (error) => toast.error('Could not save the client', { description: error.message }),
              },
            )
          }
        />
      ) : null}
    </section>
  );
}
