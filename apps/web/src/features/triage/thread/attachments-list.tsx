import type { EmailAttachment } from '@ledgerdesk/domain/entities';
import { attachmentSizeLabel, attachmentsHeading } from '@ledgerdesk/domain/triage/email-row';
import { Paperclip } from 'lucide-react';

/** "Attachments (N)" with each file's name and size in KB. */
export function AttachmentsList({ attachments }: { attachments: EmailAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <section aria-label={attachmentsHeading(attachments.length)} className="flex flex-col gap-1.5">
      <h3 className="text-[12px] font-semibold text-muted">{attachmentsHeading(attachments.length)}</h3>
      <ul className="flex flex-wrap gap-2">
        {attachments.map((attachment) => (
          <li
            key={attachment.id}
            className="flex max-w-64 items-center gap-2 rounded-md border border-border bg-surface-2 px-2 py-1 text-[12px]"
          >
            <Paperclip className="size-3.5 shrink-0 text-muted" aria-hidden />
            <span className="truncate font-medium">{attachment.name}</span>
            <span className="shrink-0 text-muted">{attachmentSizeLabel(attachment.size)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
