import {
  type AssignmentDto,
  COMMENT_EDIT_WINDOW_MINUTES,
  COMMENT_MAX_LENGTH,
  type CommentDto,
} from '@ledgerdesk/domain/api/collaboration-endpoints';
import type { FirmMemberDto } from '@ledgerdesk/domain/api/firms-endpoints';
import { commentPieces, MENTIONS_YOU_LABEL } from '@ledgerdesk/domain/firm/mentions';
import { formatTimeAgo } from '@ledgerdesk/domain/triage/relative-time';
import { AtSign, Briefcase, Lock, UserCheck } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useFirm } from '../../../lib/firm-query';
import { SAMPLE_WORK_ITEMS } from '../../../lib/sample-work-items';
import { toast } from '../../../lib/toast';
import { AssignDialog } from './assign-dialog';
import { useAssignThread } from './assign-thread';
import type { AssignChoice } from './collaboration-types';
import { useDeleteComment } from './delete-comment';
import { useEditComment } from './edit-comment';
import { useFileThread } from './file-thread';
import { useThreadActivity } from './get-thread-activity';
import { usePostComment } from './post-comment';
import { useUnfileThread } from './unfile-thread';

type ThreadCollaborationProps = {
  threadKey: string;
  now: Date;
  /** A mention's comment to scroll to and highlight. */
  highlightCommentId?: string | null;
  /** Opens the assign dialog from outside (the action bar, a shortcut). */
  assignRequest?: number;
};

const errorText = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : '';

/**
 * The thread's internal side (issue 15, decision 013), never sent to the client: who it is assigned to and the
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

/** "Add to work": files the thread to a work item (the Work screen lists it there); a filed one can be taken off. */
function WorkFiling({ threadKey, filedIds }: { threadKey: string; filedIds: readonly string[] }) {
  const id = useId();
  const file = useFileThread(threadKey);
  const unfile = useUnfileThread(threadKey);
  const [choice, setChoice] = useState('');
  const open = SAMPLE_WORK_ITEMS.filter((item) => !filedIds.includes(item.id));
  const filed = SAMPLE_WORK_ITEMS.filter((item) => filedIds.includes(item.id));
  return (
    <div className="mt-2 border-t border-border pt-2 text-[13px]" data-testid="thread-work">
      {filed.length > 0 ? (
        <ul className="mb-1.5 flex flex-col gap-1" aria-label="Filed to work">
          {filed.map((item) => (
            <li key={item.id} className="flex items-center gap-2">
              <Briefcase className="size-4 shrink-0 text-muted" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{item.title}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove from ${item.title}`}
                disabled={unfile.isPending}
                onClick={() =>
                  unfile.mutate(item.id, {
                    onError: (error) =>
                      toast.error('Could not remove from work', { description: errorText(error) }),
                  })
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const workItemId = choice || open[0]?.id;
          if (!workItemId) return;
          file.mutate(workItemId, {
            onSuccess: () => {
              setChoice('');
              toast.success('Added to work', {
                description: SAMPLE_WORK_ITEMS.find((item) => item.id === workItemId)?.title,
              });
            },
            onError: (error) => toast.error('Could not add to work', { description: errorText(error) }),
          });
        }}
      >
        <label htmlFor={`${id}-work`} className="sr-only">
          Work item
        </label>
        <select
          id={`${id}-work`}
          className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 text-[13px]"
          value={choice || open[0]?.id || ''}
          onChange={(event) => setChoice(event.target.value)}
          disabled={open.length === 0}
        >
          {open.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title}
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" variant="outline" disabled={open.length === 0 || file.isPending}>
          Add to work
        </Button>
      </form>
    </div>
  );
}

function dueText(date: string | null) {
  if (!date) return '';
  const [year, month, day] = date.split('-').map(Number);
  const due = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  return ` · due ${due.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })}`;
}

/** "Assigned to Priya by Sam · due 28 Nov — can you take this?" */
function assignmentLine(entry: AssignmentDto) {
  return `Assigned to ${entry.assigneeName} by ${entry.assignedByName}${dueText(entry.todoDate)}${
    entry.comment ? ` — ${entry.comment}` : ''
  }`;
}

function historyLine(entry: AssignmentDto) {
  if (!entry.assigneeUserId) return `Unassigned by ${entry.assignedByName}`;
  return `${entry.cleared ? 'Assigned & cleared' : 'Assigned'} to ${entry.assigneeName} by ${entry.assignedByName}${dueText(entry.todoDate)}${
    entry.comment ? ` — ${entry.comment}` : ''
  }`;
}

type CommentsProps = {
  threadKey: string;
  comments: readonly CommentDto[];
  /** Who @ can mention: the firm's members on a shared thread, nobody on a personal one. */
  members: readonly Pick<FirmMemberDto, 'userId' | 'name' | 'handle'>[];
  now: Date;
  highlightCommentId: string | null;
};

function Comments({ threadKey, comments, members, now, highlightCommentId }: CommentsProps) {
  const actions = {
    post: usePostComment(threadKey),
    edit: useEditComment(threadKey),
    remove: useDeleteComment(threadKey),
  };
  const [editing, setEditing] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement | null>(null);
  useEffect(() => {
    if (!highlightCommentId || comments.length === 0) return;
    listRef.current
      ?.querySelector(`[data-comment-id="${CSS.escape(highlightCommentId)}"]`)
      ?.scrollIntoView({ block: 'center' });
  }, [highlightCommentId, comments.length]);

  return (
    <div className="mt-3 border-t border-border pt-2">
      {comments.length > 0 ? (
        <ol ref={listRef} className="flex flex-col gap-2" aria-label="Internal comments">
          {comments.map((comment) => (
            <li
              key={comment.id}
              data-comment-id={comment.id}
              data-highlighted={comment.id === highlightCommentId || undefined}
              // The mention that opened the thread: said in words and to assistive technology, not by colour alone.
              aria-current={comment.id === highlightCommentId ? 'true' : undefined}
              className="rounded-md px-2 py-1.5 data-[highlighted]:bg-accent-soft data-[highlighted]:ring-2 data-[highlighted]:ring-accent"
              data-testid="thread-comment"
            >
              <p className="text-[12px] text-muted [overflow-wrap:anywhere]">
                <span className="font-medium text-fg">{comment.authorName}</span> ·{' '}
                {formatTimeAgo(comment.createdAt, now)}
                {comment.editedAt ? ' · edited' : ''}
                {comment.id === highlightCommentId ? (
                  <span
                    data-testid="mentions-you"
                    className="ml-1.5 inline-flex items-center gap-1 rounded-full border border-accent/40 bg-surface px-1.5 text-[11px] leading-4 font-medium text-accent"
                  >
                    <AtSign className="size-3" aria-hidden />
                    {MENTIONS_YOU_LABEL}
                  </span>
                ) : null}
              </p>
              {editing === comment.id ? (
                <CommentComposer
                  label="Edit comment"
                  initial={comment.body}
                  members={members}
                  submitLabel="Save"
                  isPending={actions.edit.isPending}
                  onCancel={() => setEditing(null)}
                  onSubmit={(body, done) =>
                    actions.edit.mutate(
                      { id: comment.id, body },
                      {
                        onSuccess: () => {
                          setEditing(null);
                          done();
                        },
                        onError: (error) =>
                          toast.error('Could not edit the comment', { description: errorText(error) }),
                      },
                    )
                  }
                />
              ) : (
                <p className="text-[13px] break-words whitespace-pre-wrap">
                  <CommentBody body={comment.body} />
                </p>
              )}
              {comment.isMine && editing !== comment.id ? (
                <div className="mt-0.5 flex gap-1">
                  {now.getTime() - Date.parse(comment.createdAt) < COMMENT_EDIT_WINDOW_MINUTES * 60_000 ? (
                    <Button size="sm" variant="ghost" onClick={() => setEditing(comment.id)}>
                      Edit
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={actions.remove.isPending}
                    onClick={() => {
                      if (!window.confirm('Delete this comment?')) return;
                      actions.remove.mutate(comment.id, {
                        onError: (error) =>
                          toast.error('Could not delete the comment', { description: errorText(error) }),
                      });
                    }}
                  >
                    Delete
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      <CommentComposer
        label="Internal comment"
        initial=""
        members={members}
        submitLabel="Comment"
        isPending={actions.post.isPending}
        onSubmit={(body, done) =>
          actions.post.mutate(body, {
            onSuccess: (posted) => {
              done();
              if (posted.unreached.length > 0)
                toast.info('Some mentions reached nobody', {
                  description:
                    members.length === 0
                      ? 'Only mail of a mailbox shared with your firm can mention colleagues.'
                      : posted.unreached.map((handle) => `@${handle}`).join(', '),
                });
            },
            onError: (error) => toast.error('Could not post the comment', { description: errorText(error) }),
          })
        }
      />
    </div>
  );
}

/** Text, http(s) links and mentions; never HTML. */
function CommentBody({ body }: { body: string }) {
  let offset = 0;
  const keyed = commentPieces(body).map((piece) => {
    const key = `${piece.kind}-${offset}`;
    offset += piece.text.length;
    return { ...piece, key };
  });
  return (
    <>
      {keyed.map((piece) =>
        piece.kind === 'link' ? (
          <a
            key={piece.key}
            href={piece.text}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-accent underline"
          >
            {piece.text}
          </a>
        ) : piece.kind === 'mention' ? (
          <span key={piece.key} className="font-medium text-accent">
            {piece.text}
          </span>
        ) : (
          <span key={piece.key}>{piece.text}</span>
        ),
      )}
    </>
  );
}

type ComposerProps = {
  label: string;
  initial: string;
  members: readonly Pick<FirmMemberDto, 'userId' | 'name' | 'handle'>[];
  submitLabel: string;
  isPending: boolean;
  onSubmit: (body: string, done: () => void) => void;
  onCancel?: () => void;
};

/** The @ being typed at the caret, if any: its start and what follows it. */
function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|[\s(])@([A-Za-z0-9._-]{0,64})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - (match[2]?.length ?? 0) - 1, query: (match[2] ?? '').toLowerCase() };
}

/**
 * A comment box with an @ autocomplete of the firm's members: a listbox the textbox controls, its active option
 * named by aria-activedescendant (a textarea may not take the combobox role).
 */
function CommentComposer({
  label,
  initial,
  members,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: ComposerProps) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const boxRef = useRef<HTMLTextAreaElement | null>(null);
  const options = mention
    ? members
        .filter(
          (member) =>
            member.handle.startsWith(mention.query) || member.name.toLowerCase().includes(mention.query),
        )
        .slice(0, 6)
    : [];
  const isOpen = options.length > 0;

  function pick(member: Pick<FirmMemberDto, 'handle'>) {
    if (!mention) return;
    const caret = boxRef.current?.selectionStart ?? text.length;
    const next = `${text.slice(0, mention.start)}@${member.handle} ${text.slice(caret)}`;
    setText(next);
    setMention(null);
    const at = mention.start + member.handle.length + 2;
    requestAnimationFrame(() => boxRef.current?.setSelectionRange(at, at));
  }

  function submit() {
    const body = text.trim();
    if (!body || isPending) return;
    onSubmit(body, () => setText(''));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (isOpen && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
      return;
    }
    if (isOpen && (event.key === 'Enter' || event.key === 'Tab')) {
      event.preventDefault();
      const member = options[active] ?? options[0];
      if (member) pick(member);
      return;
    }
    if (isOpen && event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setMention(null);
      return;
    }
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      submit();
    }
    // Triage shortcuts (j, k, e…) must not fire while typing.
    event.stopPropagation();
  }

  return (
    <form
      className="relative mt-2 flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-box`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`${id}-box`}
        ref={boxRef}
        aria-controls={`${id}-members`}
        aria-autocomplete="list"
        aria-activedescendant={isOpen ? `${id}-member-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={members.length > 0 ? 'Comment for your team… @ to mention' : 'Private note…'}
        className="min-h-16 w-full rounded-md border border-border bg-surface-2 px-2.5 py-2 text-[13px] text-fg placeholder:text-subtle focus-visible:outline-2 focus-visible:outline-ring"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setMention(
            mentionQuery(event.target.value, event.target.selectionStart ?? event.target.value.length),
          );
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setMention(null), 150)}
      />
      <div
        id={`${id}-members`}
        role="listbox"
        aria-label="Mention a member"
        hidden={!isOpen}
        className="absolute top-full left-0 z-20 mt-1 w-64 rounded-md border border-border bg-surface py-1 shadow-lg"
      >
        {options.map((member, index) => (
          <div
            key={member.userId}
            id={`${id}-member-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className="cursor-pointer px-2.5 py-1.5 text-[13px] aria-selected:bg-hover"
            onMouseDown={(event) => {
              event.preventDefault();
              pick(member);
            }}
          >
            <span className="font-medium">{member.name}</span>{' '}
            <span className="text-muted">@{member.handle}</span>
          </div>
        ))}
      </div>
      <div className="flex items-center justify-end gap-2">
        <span id={`${id}-hint`} className="mr-auto text-[11px] text-muted">
          Ctrl+Enter to post
        </span>
        {onCancel ? (
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" variant="primary" disabled={isPending || !text.trim()}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
