import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows-of';
import { HOLDER_LOCK_CLASS } from '../../outbox/outbox-holder';

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

/**
 * A lease holder's name: the node's holder identity (decision 020's name and session advisory lock), so that any
 * node can tell a holder that is gone (decision 034).
 */
export function idleHolderName(identity: { name: string; lock: number }): string {
  return `${identity.name}/lock:${identity.lock}`;
}

/**
 * Gives back the unexpired leases whose holder's lock is no longer held in this database (its node died or lost its
 * lock connection), so that a node can take them now rather than when they run out; answers how many.
 */
export async function releaseDeadHoldersLeases(db: Db): Promise<number> {
  const rows = rowsOf<{ released: number }>(
    await db.execute(sql`
      with dead as (
        select h.node_id, array_agg(h.email_integration_id) as ids
          from ledgerdesk_imap_idle_holders() h
         where h.node_id ~ '/lock:[0-9]+$'
           and not exists (
             select 1 from pg_locks l
              where l.locktype = 'advisory' and l.granted and l.objsubid = 2
                and l.database = (select oid from pg_database where datname = current_database())
                and l.classid = ${HOLDER_LOCK_CLASS}::int::oid
                and l.objid = (substring(h.node_id from '/lock:([0-9]+)$'))::bigint::oid)
         group by h.node_id
      )
      select coalesce(sum(cardinality(d.ids)), 0)::int as released
        from dead d, lateral (select ledgerdesk_imap_idle_release(d.node_id, d.ids)) as r`),
  );
  return rows[0]?.released ?? 0;
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
