import type { EmailFetchFailure } from '@ledgerdesk/domain/api/triage';
import type { EmailInThread, TriageItem } from '@ledgerdesk/domain/entities';

/** One message of the open thread: its item, its content once fetched, or why the fetch failed. */
export type EmailRowData = {
  itemId: string;
  item: TriageItem | undefined;
  email: EmailInThread | null;
  error: EmailFetchFailure | null;
};
