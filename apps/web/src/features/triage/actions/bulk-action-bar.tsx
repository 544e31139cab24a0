import { Archive, Clock, Mail, MailOpen, MoveDown, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { ListAction } from '../utils/action-items';

type BulkActionBarProps = {
  selectedCount: number;
  itemCount: number;
  isClearedView: boolean;
  onAction: (action: ListAction) => void;
  onCancel: () => void;
};

/** Actions on the selected threads: Later, Low Priority, Mark read/unread, Clear & Archive. */
export function BulkActionBar({
  selectedCount,
  itemCount,
  isClearedView,
  onAction,
  onCancel,
}: BulkActionBarProps) {
  return (
    <section
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-1.5 border-b border-border bg-accent-soft px-3 py-1.5"
    >
      <span className="mr-2 text-[13px] font-medium" aria-live="polite">
        {selectedCount} selected
        <span className="ml-1 font-normal text-muted">({itemCount} item(s))</span>
      </span>
      {isClearedView ? (
        <Button size="sm" variant="outline" onClick={() => onAction('move_to_inbox')}>
          Move to Inbox
        </Button>
      ) : (
        <>
          <Button size="sm" variant="outline" onClick={() => onAction('later')}>
            <Clock />
            Later
          </Button>
          <Button size="sm" variant="outline" onClick={() => onAction('low_priority')}>
            <MoveDown />
            Low Priority
          </Button>
        </>
      )}
      <Button size="sm" variant="outline" onClick={() => onAction('mark_read')}>
        <MailOpen />
        Mark read
      </Button>
      <Button size="sm" variant="outline" onClick={() => onAction('mark_unread')}>
        <Mail />
        Mark unread
      </Button>
      {isClearedView ? null : (
        <Button size="sm" variant="danger-outline" onClick={() => onAction('clear')}>
          <Archive />
          Clear &amp; Archive
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={onCancel} className="ml-auto">
        <X />
        Cancel
      </Button>
    </section>
  );
}
