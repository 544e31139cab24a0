import { newItemsButtonText, newItemsLabel } from '@ledgerdesk/domain/triage/new-items';
import { ArrowUp, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** The banner under the header when new items arrived, with a refresh. */
export function NewItemsBanner({ count, onRefresh }: { count: number; onRefresh: () => void }) {
  return (
    <div
      role="status"
      data-testid="new-items-banner"
      className="flex items-center gap-3 border-b border-border bg-accent-soft px-4 py-1.5 text-[13px]"
    >
      <span className="flex-1">{newItemsLabel(count)} new item(s) arrived.</span>
      <Button size="sm" variant="outline" onClick={onRefresh}>
        <RefreshCw />
        Refresh
      </Button>
    </div>
  );
}

/** The floating "View N new triage item(s)" button (99+ above 99). */
export function NewItemsButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-5 z-10 flex justify-center">
      <Button variant="primary" onClick={onClick} className="pointer-events-auto rounded-full shadow-lg">
        <ArrowUp />
        {newItemsButtonText(count)}
      </Button>
    </div>
  );
}
