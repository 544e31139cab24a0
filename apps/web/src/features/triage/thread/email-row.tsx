import { canReplyToEmail } from '@ledgerdesk/domain/triage/email-row';
import { previewText } from '@ledgerdesk/domain/triage/preview-text';
import { displayAddress, recipientsSummary } from '@ledgerdesk/domain/triage/recipients-summary';
import { formatTimeAgo } from '@ledgerdesk/domain/triage/relative-time';
import { AlertCircle, ChevronDown, Forward, Paperclip, Reply, ReplyAll } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { fullTime } from '../utils/format-time';
import { AttachmentsList } from './attachments-list';
import { EmailBody } from './email-body';
import { EmailRecipients } from './email-recipients';
import { EmailStatusBadge } from './email-status-badge';
import type { EmailRowData } from './thread-detail-types';

type EmailRowProps = {
  row: EmailRowData;
  /** Unread when the thread was opened (opening marks it read). */
  wasUnread: boolean;
  isExpanded: boolean;
  onToggle: () => void;
  now: Date;
  onReply: (row: EmailRowData) => void;
  onReplyAll: (row: EmailRowData) => void;
  onForward: () => void;
};

/** One email of the open thread: a summary line, expandable to its recipients, body and attachments. */
export function EmailRow({
  row,
  wasUnread,
  isExpanded,
  onToggle,
  now,
  onReply,
  onReplyAll,
  onForward,
}: EmailRowProps) {
  const [isRecipientsOpen, setIsRecipientsOpen] = useState(false);
  const { email, error, item } = row;
  const fromName = email ? displayAddress(email.from) : (item?.fromAddress ?? '');
  const received = email?.receivedDateTime ?? item?.time ?? '';
  const isUnread = wasUnread;
  const summary = recipientsSummary(email?.to ?? [], email?.cc ?? [], email?.bcc ?? []);
  const preview = email ? previewText(email.body.content) : previewText(item?.previewContent ?? '');
  const status = email?.status ?? (error ? 'error' : undefined);
  const subject = email?.subject ?? item?.subject ?? '';
  // The recipients box opens only from the "& N other(s)" link (spec §2), in a collapsed or an expanded row.
  const isRecipientsBoxShown = isExpanded && isRecipientsOpen && email != null && summary.isCollapsible;

  return (
    <article
      data-testid="email-row"
      data-expanded={isExpanded || undefined}
      aria-label={`Email from ${fromName}`}
      className="rounded-lg border border-border bg-surface"
    >
      <div className="flex items-start gap-3 px-3 pt-2.5">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={isExpanded}
          className="flex min-w-0 flex-1 items-start gap-3 rounded text-left"
        >
          <Avatar name={fromName || '?'} size={32} />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="flex items-center gap-1.5">
              <span className={cn('truncate text-[13px]', isUnread ? 'font-semibold' : 'font-medium')}>
                {fromName}
              </span>
              {isUnread ? (
                <span className="size-2 shrink-0 rounded-full bg-accent" aria-label="Unread" role="img" />
              ) : null}
              {email?.hasAttachments ? (
                <Paperclip className="size-3.5 shrink-0 text-muted" aria-label="Has attachments" role="img" />
              ) : null}
            </span>
            {isExpanded ? null : (
              <span className="line-clamp-1 text-[12px] text-muted" data-testid="email-preview">
                {preview}
              </span>
            )}
          </span>
          <ChevronDown
            aria-hidden
            className={cn(
              'mt-0.5 size-4 shrink-0 text-muted transition-transform',
              isExpanded && 'rotate-180',
            )}
          />
        </button>
        <div className="flex shrink-0 flex-col items-end gap-1 pt-0.5">
          <EmailStatusBadge status={status} />
          <time
            dateTime={received}
            title={fullTime(received)}
            className="text-[12px] whitespace-nowrap text-muted"
          >
            {formatTimeAgo(received, now)}
          </time>
        </div>
      </div>
      {summary.firstRecipient ? (
        <p className="truncate pr-3 pl-14 text-[12px] text-muted" data-testid="email-to">
          To: {summary.firstRecipient}
          {summary.othersLabel && !isRecipientsBoxShown ? (
            <>
              {' '}
              <button
                type="button"
                onClick={() => {
                  setIsRecipientsOpen(true);
                  if (!isExpanded) onToggle();
                }}
                className="font-medium text-accent hover:underline"
              >
                {summary.othersLabel}
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      <div className="pb-2.5" />
      {error ? (
        <div
          className="mx-3 mb-3 flex gap-2 rounded-md border border-border bg-surface-2 px-3 py-2 text-[12px]"
          role="alert"
        >
          <AlertCircle
            className={cn('size-4 shrink-0', error.tone === 'neutral' ? 'text-muted' : 'text-danger')}
            aria-hidden
          />
          <span>
            <span className="font-semibold">{error.title}</span> — {error.description}
          </span>
        </div>
      ) : null}
      {isExpanded && email ? (
        <div className="flex flex-col gap-3 border-t border-border px-3 py-3">
          {canReplyToEmail(email) ? (
            <div className="flex flex-wrap gap-1.5">
              <Button size="sm" variant="outline" onClick={() => onReply(row)}>
                <Reply />
                Reply
              </Button>
              <Button size="sm" variant="outline" onClick={() => onReplyAll(row)}>
                <ReplyAll />
                Reply All
              </Button>
              <Button size="sm" variant="outline" onClick={onForward}>
                <Forward />
                Forward
              </Button>
            </div>
          ) : null}
          {isRecipientsBoxShown ? (
            <EmailRecipients
              to={email.to}
              cc={email.cc}
              bcc={email.bcc}
              onShowLess={() => setIsRecipientsOpen(false)}
            />
          ) : null}
          <EmailBody body={email.body} title={`Email: ${subject}`} />
          <AttachmentsList attachments={email.attachments} />
        </div>
      ) : null}
    </article>
  );
}
