// What the sync asks of whoever files new mail further (decision 025: rules, wired in by the composition root, so the
// mail layer imports no feature). The hook sees a page's new rows before they are inserted, in the page's
// transaction, and may change their triage state; it then learns their ids to record what it did.

import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import type { triageItems } from '../../db/schema/triage-items';
import type { Tx } from '../../db/with-user';
import type { SyncedMessage } from './provider';

export type NewRow = typeof triageItems.$inferInsert;

/** A message about to be filed as a new item: what the provider said, and the row the sync would insert. */
export type NewMessage = { message: SyncedMessage & { folder: SyncFolder }; row: NewRow };

/** A page's prepared filing: the rows to insert instead, and what to do once they have ids. */
export type PreparedFiling = {
  rows: NewRow[];
  /** Called in the same transaction with the rows actually inserted (a conflict inserts none). */
  finish(inserted: readonly { id: string; messageId: string }[]): Promise<void>;
};

export type FilingHook = {
  prepare(
    tx: Tx,
    mailbox: { userId: string; integrationId: string },
    messages: readonly NewMessage[],
  ): Promise<PreparedFiling | null>;
  /** The filing failed and was rolled back: the page's rows are inserted as the sync maps them (never blocked). */
  reportFailure(error: unknown, mailbox: { userId: string; integrationId: string }): void;
};
