import { EMPTY_DETAIL_DESCRIPTION, EMPTY_DETAIL_TITLE } from '@ledgerdesk/domain/triage/triage-page-texts';
import { MailOpen } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { SHORTCUTS } from '../utils/shortcuts';

/** The detail pane with no thread open. */
export function EmptyDetail() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 bg-surface-2 px-6 text-center">
      <MailOpen className="size-8 text-subtle" aria-hidden />
      <p className="text-sm font-semibold">{EMPTY_DETAIL_TITLE}</p>
      <p className="text-[13px] text-muted">{EMPTY_DETAIL_DESCRIPTION}</p>
      <p className="mt-3 text-[12px] text-muted">
        <kbd className="rounded border border-border px-1 font-mono">{SHORTCUTS.next.keys[0]}</kbd> /{' '}
        <kbd className="rounded border border-border px-1 font-mono">{SHORTCUTS.previous.keys[0]}</kbd> to
        move, <kbd className="rounded border border-border px-1 font-mono">Enter</kbd> to open,{' '}
        <kbd className="rounded border border-border px-1 font-mono">?</kbd> for all shortcuts
      </p>
    </div>
  );
}

/** The detail pane while its code loads (first open only). */
export function DetailLoading() {
  return (
    <div className="flex h-full flex-col gap-3 bg-surface p-4" role="status" aria-label="Loading thread">
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-3 w-1/3" />
      <Skeleton className="mt-4 h-24 w-full" />
    </div>
  );
}
