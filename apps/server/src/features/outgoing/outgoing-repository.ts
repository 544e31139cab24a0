import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { outgoingMail } from '../../db/schema/outgoing-mail';
import type { OutgoingRow } from './outgoing-row';

/**
 * Every query of Undo send (decision 011): held messages in `outgoing_mail` (row-level security: the owner's
 * rows), and the one cross-user claim of due messages through a definer function (migration 0010).
 */

export type HeldMail = Omit<typeof outgoingMail.$inferInsert, 'id' | 'state'>;

/** Holds a message until `sendAt`; answers its id. */
export async function insertHeldMail(tx: DbOrTx, mail: HeldMail): Promise<string | null> {
  const [row] = await tx.insert(outgoingMail).values(mail).returning({ id: outgoingMail.id });
  return row?.id ?? null;
}

/** Deletes the user's message while it is still held or failed for good; null when it is not (or not theirs). */
export async function deleteCancellableMail(
  tx: DbOrTx,
  options: { userId: string; id: string },
): Promise<OutgoingRow | null> {
  const [removed] = await tx
    .delete(outgoingMail)
    .where(
      and(
        eq(outgoingMail.id, options.id),
        eq(outgoingMail.userId, options.userId),
        inArray(outgoingMail.state, ['held', 'failed']),
      ),
    )
    .returning();
  return removed ?? null;
}

/** The state of one of the user's messages, or null. */
export async function findMailState(
  tx: DbOrTx,
  options: { userId: string; id: string },
): Promise<string | null> {
  const [row] = await tx
    .select({ state: outgoingMail.state })
    .from(outgoingMail)
    .where(and(eq(outgoingMail.id, options.id), eq(outgoingMail.userId, options.userId)));
  return row?.state ?? null;
}

const claimedBy = (id: string) => and(eq(outgoingMail.id, id), eq(outgoingMail.state, 'sending'));

/** A message this node claimed (state 'sending'), or null when it is gone. */
export async function findClaimedMail(tx: DbOrTx, id: string): Promise<OutgoingRow | null> {
  const [row] = await tx.select().from(outgoingMail).where(claimedBy(id));
  return row ?? null;
}

/** Settles a claimed message as sent. */
export async function markMailSent(tx: DbOrTx, options: { id: string; at: Date }): Promise<void> {
  await tx
    .update(outgoingMail)
    .set({ state: 'sent', settledAt: options.at, claimedUntil: null, errorCode: null, errorMessage: null })
    .where(claimedBy(options.id));
}

type Failure = { errorCode: string; errorMessage: string };

/** Holds a claimed message again until `sendAt`, noting why this try failed. */
export async function holdMailForRetry(
  tx: DbOrTx,
  options: { id: string; sendAt: Date } & Failure,
): Promise<void> {
  const { id, sendAt, errorCode, errorMessage } = options;
  await tx
    .update(outgoingMail)
    .set({ state: 'held', sendAt, claimedUntil: null, errorCode, errorMessage })
    .where(claimedBy(id));
}

/** Settles a claimed message as failed for good. */
export async function markMailFailed(tx: DbOrTx, options: { id: string; at: Date } & Failure): Promise<void> {
  const { id, at, errorCode, errorMessage } = options;
  await tx
    .update(outgoingMail)
    .set({ state: 'failed', settledAt: at, claimedUntil: null, errorCode, errorMessage })
    .where(claimedBy(id));
}

/**
 * Claims the due held messages of every user (at most `limit`) through the definer function, which skips rows
 * another node is claiming and marks them 'sending' with a lease of `leaseSeconds`.
 */
export async function claimDueMail(
  db: DbOrTx,
  options: { now: Date; limit: number; leaseSeconds: number },
): Promise<{ userId: string; id: string }[]> {
  const result = await db.execute(
    sql`select * from ledgerdesk_claim_due_outgoing_mail(${options.now.toISOString()}::timestamptz, ${options.limit}, ${options.leaseSeconds})`,
  );
  return rowsOf<{ user_id: string; id: string }>(result).map((row) => ({ userId: row.user_id, id: row.id }));
}
