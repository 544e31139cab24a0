import {
  LOADING_ITEMS_TEXT,
  NO_ITEMS_FOUND_DESCRIPTION,
  NO_ITEMS_FOUND_TITLE,
  noItemsInPage,
} from '@ledgerdesk/domain/triage/triage-page-texts';
import { AlertTriangle, Inbox, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/page';
import { Skeleton } from '../../../components/ui/skeleton';

const SKELETON_ROWS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];

/** First load: skeleton rows under the spec's loading text. */
export function ListLoading() {
  return (
    <div className="flex min-h-0 flex-1 flex-col" role="status" aria-live="polite">
      <p className="px-4 py-2 text-[12px] text-muted">{LOADING_ITEMS_TEXT}</p>
      {SKELETON_ROWS.map((key, index) => (
        <div key={key} className="flex h-10 items-center gap-3 border-b border-border px-3">
          <Skeleton className="size-4 rounded" />
          <Skeleton className="h-3 w-32" />
          <Skeleton className="h-3 flex-1" style={{ maxWidth: `${55 - (index % 4) * 8}%` }} />
          <Skeleton className="ml-auto h-3 w-10" />
        </div>
      ))}
    </div>
  );
}

/**
 * An empty list: "No items found" when filters narrow it, else "No items in {page}" with the way forward the app
 * composes in (`action`: connecting a first mailbox).
 */
export function ListEmpty({
  isFiltered,
  page,
  action,
}: {
  isFiltered: boolean;
  page: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex min-h-0 flex-1 items-start justify-center pt-10">
      {isFiltered ? (
        <EmptyState
          icon={<SearchX />}
          title={NO_ITEMS_FOUND_TITLE}
          description={NO_ITEMS_FOUND_DESCRIPTION}
        />
      ) : (
        <EmptyState icon={<Inbox />} title={noItemsInPage(page)} action={action} />
      )}
    </div>
  );
}

/** The list could not be loaded. */
export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex min-h-0 flex-1 items-start justify-center pt-10" role="alert">
      <EmptyState
        icon={<AlertTriangle />}
        title="Could not load your triage items"
        description={message}
        action={
          <Button variant="outline" onClick={onRetry}>
            Try Again
          </Button>
        }
      />
    </div>
  );
}
