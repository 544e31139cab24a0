import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows-of';

/** An IMAP mailbox whose IDLE this node now holds. */
export type LeasedMailbox = { integrationId: string; userId: string };

/** A uuid[] literal (ids are uuids from the database, nothing else). */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/**
 * Takes up to `max` IMAP mailboxes nobody holds (or whose holder's lease ran out), not backing off after a
 * failure, for this node: an atomic conditional upsert per mailbox (migration 0032), so two nodes never both get
 * one.
 */
export async function claimIdleLeases(
  db: Db,
  nodeId: string,
  leaseSeconds: number,
  max: number,
): Promise<LeasedMailbox[]> {
  if (max <= 0) return [];
  const rows = rowsOf<{ email_integration_id: string; user_id: string }>(
    await db.execute(
      sql`select * from ledgerdesk_imap_idle_claim(${nodeId}, make_interval(secs => ${leaseSeconds}), ${max})`,
    ),
  );
  return rows.map((row) => ({ integrationId: row.email_integration_id, userId: row.user_id }));
}

/** Extends this node's leases; answers the mailboxes it still holds (the rest are to be dropped). */
export async function renewIdleLeases(
  db: Db,
  nodeId: string,
  leaseSeconds: number,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = rowsOf<{ email_integration_id: string }>(
    await db.execute(
      sql`select * from ledgerdesk_imap_idle_renew(${nodeId}, make_interval(secs => ${leaseSeconds}), ${uuidArray(ids)}::uuid[])`,
    ),
  );
  return new Set(rows.map((row) => row.email_integration_id));
}

/** Gives leases back at once (a dropped connection, a shutdown): another node may take them now. */
export async function releaseIdleLeases(db: Db, nodeId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`select ledgerdesk_imap_idle_release(${nodeId}, ${uuidArray(ids)}::uuid[])`);
}

/** Who holds each IMAP mailbox's IDLE now (unexpired leases only): ids and node names. */
export async function listIdleHolders(
  db: Db,
): Promise<Array<{ integrationId: string; nodeId: string; expiresAt: Date }>> {
  const rows = rowsOf<{ email_integration_id: string; node_id: string; expires_at: string | Date }>(
    await db.execute(sql`select * from ledgerdesk_imap_idle_holders()`),
  );
  return rows.map((row) => ({
    integrationId: row.email_integration_id,
    nodeId: row.node_id,
    expiresAt: new Date(row.expires_at),
  }));
}
