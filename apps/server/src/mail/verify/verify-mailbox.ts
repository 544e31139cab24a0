import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import type { MailDeps } from '../mail-deps';

/** How often a mailbox is reconciled with its provider unless asked for sooner (decision 021). */
export const VERIFY_EVERY_HOURS = 24;

export type VerifyDue = { integrationId: string; userId: string };

/** Mailboxes due for reconciliation (asked for, or not verified for a day), across users. */
export async function listVerifyDue(db: Db, now: Date, maxRows = 200): Promise<VerifyDue[]> {
  const rows = rowsOf<{ email_integration_id: string; user_id: string }>(
    await db.execute(
      sql`select * from ledgerdesk_verify_due(${now.toISOString()}::timestamptz, make_interval(hours => ${VERIFY_EVERY_HOURS}), ${maxRows})`,
    ),
  );
  return rows.map((row) => ({ integrationId: row.email_integration_id, userId: row.user_id }));
}

export type VerifyOutcome = 'verified' | 'skipped' | 'busy' | 'failed';

/**
 * Reconciles one mailbox: lists the provider's message ids of each synced folder inside the sync window,
 * compares them with triage's, fetches and files what is missing, settles what the provider no longer has,
 * and records the counts. (Built by the reconciliation work of issue 29.)
 */
export async function verifyMailbox(
  _deps: MailDeps,
  _data: { integrationId: string; userId: string },
): Promise<VerifyOutcome> {
  return 'skipped';
}
