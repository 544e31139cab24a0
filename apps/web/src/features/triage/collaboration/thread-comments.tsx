import { COMMENT_EDIT_WINDOW_MINUTES, type CommentDto } from '@ledgerdesk/domain/api/collaboration-endpoints';
import type { FirmMemberDto } from '@ledgerdesk/domain/api/firms-endpoints';
import { commentPieces, MENTIONS_YOU_LABEL } from '@ledgerdesk/domain/firm/mentions';
import { formatTimeAgo } from '@ledgerdesk/domain/triage/relative-time';
import { AtSign } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { CommentComposer } from './comment-composer';
import { useDeleteComment } from './delete-comment';
import { useEditComment } from './edit-comment';
import { errorText } from './error-text';
import { usePostComment } from './post-comment';

type CommentsProps = {
  threadKey: string;
  comments: readonly CommentDto[];
  /** Who @ can mention: the firm's members on a shared thread, nobody on a personal one. */
  members: readonly Pick<FirmMemberDto, 'userId' | 'name' | 'handle'>[];
  now: Date;
  highlightCommentId: string | null;
};

/** The thread's internal comments, each editable for a while and deletable by its author, and a box for a new one. */
export function Comments({ threadKey, comments, members, now, highlightCommentId }: CommentsProps) {
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
