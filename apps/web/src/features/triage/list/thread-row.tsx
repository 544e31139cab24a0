import { itemLinkOf } from '@ledgerdesk/domain/api/collaboration-endpoints';
import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { previewText } from '@ledgerdesk/domain/triage/preview-text';
import { formatRelativeTime } from '@ledgerdesk/domain/triage/relative-time';
import { AtSign, Bell } from 'lucide-react';
import { memo, useState } from 'react';
import { cn } from '../../../lib/cn';
import { RowActions } from '../actions/row-actions';
import { useSnoozeControls } from '../actions/use-snooze-controls';
import { ParticipantAvatars } from '../thread/participant-avatars';
import type { ListDensity } from '../types/thread-list-types';
import type { ListAction } from '../utils/action-items';
import { fullTime, listTime } from '../utils/format-time';
import { senderLabel, statusLabel } from '../utils/sender';
import { canSnooze, isSnoozed } from '../utils/snoozable';

export type ThreadRowProps = {
  group: ThreadGroupDto;
  index: number;
  density: ListDensity;
  isActive: boolean;
  isOpen: boolean;
  isChecked: boolean;
  now: Date;
  start: number;
  height: number;
  onOpen: (index: number) => void;
  onFocusRow: (index: number) => void;
  onToggleCheck: (groupId: string) => void;
  onAction: (group: ThreadGroupDto, action: ListAction) => void;
};

function TypeIcon({ type }: { type: string }) {
  if (type === 'mention')
    return <AtSign role="img" aria-label="Mention" className="size-3.5 shrink-0 text-accent" />;
  if (type === 'notification')
    return <Bell role="img" aria-label="Notification" className="size-3.5 shrink-0 text-muted" />;
  return null;
}

/** One thread group in the list: dense one-line (Standard) or two lines with avatars (Enhanced). */
export const ThreadRow = memo(function ThreadRow(props: ThreadRowProps) {
  const { group, index, density, isActive, isOpen, isChecked, now } = props;
  const latest = group.latestEmail;
  const isUnread = group.unreadCount > 0;
  const isCleared = latest.status === 'cleared';
  const sender = senderLabel(latest.fromAddress);
  const preview = previewText(latest.previewContent ?? latest.metadata?.preview_content ?? '');
  const count = group.itemCount > 1 ? group.itemCount : null;
  const status = latest.status === 'inbox' ? null : statusLabel(latest.status);
  const followUp = (latest.metadata?.follow_up as { state?: string } | undefined)?.state === 'no_reply';
  // A change the mailbox refused (its item was put back): shown until the next action on the item.
  const changeFailed = latest.metadata?.mailbox_change_failed as
    | { title?: string; description?: string }
    | undefined;
  const time = listTime(group.lastActivity, now);
  const isEnhanced = density === 'enhanced';
  // The quick actions (and their tooltips) exist only while the row is pointed at or focused: rows are
  // mounted by the dozen while scrolling and must stay cheap.
  const [isEngaged, setIsEngaged] = useState(false);
  const snooze = useSnoozeControls();
  const returnsAt = isSnoozed(group) ? (latest.snoozedUntil ?? null) : null;
  // Decision 012: an assignment in the assignee's own triage says who assigned it; a thread says who has it.
  const link = itemLinkOf(latest.metadata);
  const assignedBy = link?.kind === 'assignment' ? link.by_name : null;
  const assignee = typeof latest.metadata?.assignee === 'string' ? latest.metadata.assignee : null;
  const hasTagInLine = !isEnhanced && Boolean(assignedBy ?? assignee);

  return (
    <li
      onPointerEnter={() => setIsEngaged(true)}
      onPointerLeave={() => setIsEngaged(false)}
      onFocus={() => setIsEngaged(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsEngaged(false);
      }}
      style={{ height: props.height, transform: `translateY(${props.start}px)` }}
      data-testid="thread-row"
      data-thread-key={group.id}
      data-unread={isUnread || undefined}
      data-item-count={group.itemCount}
      data-active={isActive || undefined}
      className={cn(
        // Strict containment: a row's layout and paint never reach its neighbours, so rows mounted while
        // scrolling are laid out on their own.
        'group/row absolute top-0 left-0 flex w-full items-center gap-2 border-b border-border pr-2 pl-3 [contain:strict]',
        isOpen ? 'bg-accent-soft' : isChecked ? 'bg-accent-soft/60' : 'bg-surface hover:bg-hover',
        isActive && 'shadow-[inset_2px_0_0_var(--ld-accent)]',
      )}
    >
      <input
        type="checkbox"
        name="selected-threads"
        value={group.id}
        checked={isChecked}
        onChange={() => props.onToggleCheck(group.id)}
        aria-label={`Select ${group.subject || 'thread'}`}
        className="size-4 shrink-0 cursor-pointer accent-accent"
      />
      <span
        aria-hidden
        className={cn('size-2 shrink-0 rounded-full', isUnread ? 'bg-accent' : 'bg-transparent')}
      />
      {isEnhanced ? <ParticipantAvatars participants={group.participants} size={28} /> : null}
      <button
        type="button"
        data-row-index={index}
        onClick={() => props.onOpen(index)}
        onFocus={() => props.onFocusRow(index)}
        aria-current={isOpen ? 'true' : undefined}
        className={cn(
          'flex min-w-0 flex-1 self-stretch rounded-sm text-left outline-none focus-visible:outline-none',
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
          isEnhanced ? 'flex-col justify-center gap-0.5' : 'items-center gap-3',
        )}
      >
        <span className={cn('flex min-w-0 items-center gap-1.5', isEnhanced ? 'w-full' : 'w-44 shrink-0')}>
          {/* The button is named by what it shows (WCAG 2.5.3), plus words for what only sighted users get. */}
          {isUnread ? <span className="sr-only">Unread, </span> : null}
          <span className={cn('truncate text-[13px]', isUnread ? 'font-semibold text-fg' : 'text-fg/90')}>
            {sender}
          </span>
          {count ? (
            <span className="shrink-0 text-[12px] text-muted">
              {count}
              <span className="sr-only"> messages</span>
            </span>
          ) : null}
          <span className="sr-only">: </span>
          {isEnhanced ? <AssignmentTag assignedBy={assignedBy} assignee={assignee} /> : null}
          {isEnhanced ? <span className="flex-1" /> : null}
          {isEnhanced ? <RowMeta status={status} time={time} iso={group.lastActivity} /> : null}
        </span>
        <span
          className={cn('flex min-w-0 items-center gap-1.5 text-[13px]', isEnhanced ? 'w-full' : 'flex-1')}
        >
          <TypeIcon type={latest.type} />
          <span
            data-testid="row-subject"
            className={cn(
              'truncate',
              isUnread ? 'font-semibold text-fg' : 'text-fg/90',
              // Beside an assignment badge on one line the subject keeps all but the badge's first letters.
              hasTagInLine ? 'max-w-[calc(100%-4.5rem)] shrink-0' : 'max-w-[65%] shrink-0',
            )}
          >
            {group.subject || '(no subject)'}
          </span>
          {isEnhanced ? null : <AssignmentTag assignedBy={assignedBy} assignee={assignee} />}
          {preview ? (
            // Basis 0: the preview takes only the room left, so it gives way before the subject and the badge.
            <span className="min-w-0 flex-[1_1_0%] truncate text-muted">
              {isEnhanced ? preview : `— ${preview}`}
            </span>
          ) : null}
        </span>
        {returnsAt ? (
          <span data-testid="snooze-returns" className="shrink-0 text-[12px] text-muted">
            Returns {formatRelativeTime(returnsAt, now)}
          </span>
        ) : null}
        {followUp && latest.status !== 'sent' ? (
          <span
            data-testid="no-reply-yet"
            className="shrink-0 rounded-full border border-warning/40 bg-warning-soft px-1.5 text-[11px] leading-4 text-warning"
          >
            No reply yet
          </span>
        ) : null}
        {changeFailed ? (
          <span
            data-testid="change-failed"
            title={changeFailed.description}
            className="shrink-0 rounded-full border border-danger/40 bg-danger-soft px-1.5 text-[11px] leading-4 text-danger"
          >
            {changeFailed.title ?? 'Change failed'}
          </span>
        ) : null}
        {isEnhanced ? null : <RowMeta status={status} time={time} iso={group.lastActivity} />}
      </button>
      {isEngaged ? (
        <RowActions
          isCleared={isCleared}
          hasUnread={isUnread}
          onAction={(action) => props.onAction(group, action)}
          onSnooze={snooze && canSnooze(group) ? () => snooze.open([group]) : null}
          onUnsnooze={snooze && isSnoozed(group) ? () => snooze.unsnooze([group]) : null}
        />
      ) : null}
    </li>
  );
});

/**
 * Who assigned the thread (in the assignee's triage) or who has it: it gives way before the subject does, cut
 * short with its full text in a tooltip, so the subject keeps its room at every width (decision 012).
 */
function AssignmentTag({ assignedBy, assignee }: { assignedBy: string | null; assignee: string | null }) {
  if (assignedBy) {
    const text = `Assigned by ${assignedBy}`;
    return (
      <span
        data-testid="assigned-by"
        title={text}
        className="max-w-[14rem] min-w-0 shrink-[10] truncate rounded-full border border-accent/30 bg-accent-soft px-1.5 text-[11px] leading-4 font-normal text-accent"
      >
        {text}
      </span>
    );
  }
  if (!assignee) return null;
  return (
    <span
      data-testid="assignee"
      title={`Assigned to ${assignee}`}
      className="max-w-[10rem] min-w-0 shrink-[10] truncate text-[12px] font-normal text-muted"
    >
      → {assignee}
    </span>
  );
}

function RowMeta({ status, time, iso }: { status: string | null; time: string; iso: string }) {
  return (
    <span className="flex shrink-0 items-center gap-2">
      {status ? (
        <span className="rounded-full border border-border bg-surface-2 px-1.5 text-[11px] leading-4 text-muted">
          {status}
        </span>
      ) : null}
      <span className="sr-only">, {fullTime(iso)}</span>
      {/* At least the width of a clock time, so rows of today line up; a date of an earlier year is wider. */}
      <span aria-hidden className="min-w-14 text-right text-[12px] whitespace-nowrap text-muted tabular-nums">
        {time}
      </span>
    </span>
  );
}
