import type { FirmMemberDto } from '@ledgerdesk/domain/api/firms-endpoints';
import { formatTimeAgo } from '@ledgerdesk/domain/triage/relative-time';
import { Lock, UserCheck, Wand2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useFirm } from '../../../lib/firm-query';
import { toast } from '../../../lib/toast';
import { AssignDialog } from './assign-dialog';
import { useAssignThread } from './assign-thread';
import { assignmentLine, historyLine } from './assignment-text';
import type { AssignChoice } from './collaboration-types';
import { errorText } from './error-text';
import { useThreadActivity } from './get-thread-activity';
import { Comments } from './thread-comments';
import { useUndoRuleAction } from './undo-rule-action';
import { WorkFiling } from './work-filing';

type ThreadCollaborationProps = {
  threadKey: string;
  now: Date;
  /** A mention's comment to scroll to and highlight. */
  highlightCommentId?: string | null;
  /** Opens the assign dialog from outside (the action bar, a shortcut). */
  assignRequest?: number;
};

/**
 * The thread's internal side (decision 012, decision 013), never sent to the client: who it is assigned to and the
 * history of that, and the team's comments with @mentions.
 */
export function ThreadCollaboration({
  threadKey,
  now,
  highlightCommentId,
  assignRequest,
}: ThreadCollaborationProps) {
  const activity = useThreadActivity(threadKey);
  const firm = useFirm().data?.firm ?? null;
  const assign = useAssignThread();
  const undoRule = useUndoRuleAction();
  const [isAssigning, setIsAssigning] = useState(false);
  const isShared = activity.data?.isShared ?? false;
  const me = firm?.members.find((member) => member.isYou);
  const members: Pick<FirmMemberDto, 'userId' | 'name' | 'email' | 'isYou' | 'handle'>[] = isShared
    ? [...(me ? [me] : []), ...(firm?.members.filter((member) => !member.isYou) ?? [])]
    : me
      ? [me]
      : [];
  const lastRequest = useRef(assignRequest);
  useEffect(() => {
    if (assignRequest !== lastRequest.current && assignRequest) setIsAssigning(true);
    lastRequest.current = assignRequest;
  }, [assignRequest]);

  if (activity.isError) return null;
  const data = activity.data;
  const current = data?.assignment ?? null;

  function submitAssign(choice: AssignChoice) {
    assign.mutate(
      { threadKey, ...choice },
      {
        onSuccess: (result) => {
          setIsAssigning(false);
          const name = result.assignment?.assigneeName ?? 'you';
          toast.success(choice.clear ? 'Assigned and cleared' : 'Thread assigned', { description: name });
        },
        onError: (error) => toast.error('Could not assign the thread', { description: errorText(error) }),
      },
    );
  }

  return (
    <section
      aria-label="Internal"
      className="mt-4 rounded-lg border border-dashed border-border bg-surface p-3"
      data-testid="thread-internal"
    >
      <h3 className="flex items-center gap-1.5 text-[12px] font-semibold tracking-wide text-muted uppercase">
        <Lock className="size-3.5" aria-hidden />
        Internal · never sent to the client
      </h3>
      <div className="mt-2 flex items-start gap-2 text-[13px]">
        <UserCheck className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
        <p className="min-w-0 flex-1 [overflow-wrap:anywhere]" data-testid="thread-assignment">
          {current ? assignmentLine(current) : 'Not assigned'}
        </p>
      </div>
      <div className="mt-1 flex justify-end gap-1">
        {current ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={assign.isPending}
            onClick={() =>
              assign.mutate(
                { threadKey, assigneeUserId: null },
                {
                  onSuccess: () => toast.success('Thread unassigned'),
                  onError: (error) => toast.error('Could not unassign', { description: errorText(error) }),
                },
              )
            }
          >
            Unassign
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={() => setIsAssigning(true)} disabled={!data}>
          {current ? 'Reassign…' : 'Assign…'}
        </Button>
      </div>
      {data && data.history.length > 0 ? (
        <details className="mt-1.5 text-[12px] text-muted">
          <summary className="cursor-pointer select-none">History ({data.history.length})</summary>
          <ol className="mt-1 flex flex-col gap-1 pl-4" aria-label="Assignment history">
            {data.history.map((entry) => (
              <li key={entry.id}>
                {historyLine(entry)} · {formatTimeAgo(entry.createdAt, now)}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {data?.ruleHistory?.length ? (
        <ol
          className="mt-2 flex flex-col gap-1 text-[13px]"
          aria-label="Rule history"
          data-testid="thread-rule-history"
        >
          {data.ruleHistory.map((entry) => (
            <li key={`${entry.ruleId}:${entry.appliedAt}`} className="flex flex-wrap items-center gap-x-2">
              <Wand2 className="size-4 shrink-0 text-muted" aria-hidden />
              <span className={entry.isUndone ? 'text-muted line-through' : undefined}>{entry.label}</span>
              <span className="text-[12px] text-muted">· {formatTimeAgo(entry.appliedAt, now)}</span>
              {entry.isUndone ? (
                <span className="text-[12px] text-muted">(undone)</span>
              ) : entry.actionId ? (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={undoRule.isPending}
                  aria-label={`Undo ${entry.label}`}
                  onClick={() => undoRule.mutate(entry.actionId as string)}
                >
                  Undo
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      <WorkFiling threadKey={threadKey} filedIds={data?.workItemIds ?? []} />
      <Comments
        threadKey={threadKey}
        comments={data?.comments ?? []}
        members={isShared ? members.filter((member) => !member.isYou) : []}
        now={now}
        highlightCommentId={highlightCommentId ?? null}
      />
      <AssignDialog
        key={isAssigning ? 'open' : 'closed'}
        isOpen={isAssigning}
        members={members}
        isShared={isShared}
        isPending={assign.isPending}
        onAssign={submitAssign}
        onClose={() => setIsAssigning(false)}
      />
    </section>
  );
}
