import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows-of';

/** What an event stream follows besides the user's own items: the firm, and the mailboxes shared with it. */
export type StreamScope = { mailboxes: string[]; firmId: string | null };

/** The user's firm and the mailboxes shared with it, through the definer functions; inside `withUser`. */
export async function readStreamScope(tx: DbOrTx): Promise<StreamScope> {
  const mailboxes = rowsOf<{ integration_id: string }>(
    await tx.execute(sql`select integration_id from ledgerdesk_shared_mailboxes()`),
  ).map((row) => row.integration_id);
  const firm = rowsOf<{ firm_id: string | null }>(
    await tx.execute(sql`select ledgerdesk_current_firm_id() as firm_id`),
  );
  return { mailboxes, firmId: firm[0]?.firm_id ?? null };
}
