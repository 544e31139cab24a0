// What the triage_items triggers announce on the `triage_item_changes` channel (migration 0022): one
// notification per statement part, `{"op", "rows": [[userId, id, threadKey, mailboxId, raised, status,
// folderState, snoozed], ...]}`; comments (0012) and firm changes (0011) keep one-row payloads on the same channel.

export type ItemChangeOp = 'INSERT' | 'UPDATE' | 'DELETE' | 'COMMENT';

export type ItemChange = {
  op: ItemChangeOp;
  userId: string;
  id: string;
  threadKey: string;
  mailboxId: string | null;
  raised: boolean;
  /** Where the item is now (inserts and updates): which views it is in. */
  place?: ItemPlace;
};

export type ItemPlace = { status: string; folderState: string | null; isSnoozed: boolean };

/** A change of a firm's members or shares: the firm, and the user it concerns (who joined, left, was removed). */
export type FirmChange = { op: 'FIRM'; firmId: string | null; userId: string | null };

const OPS: readonly unknown[] = ['INSERT', 'UPDATE', 'DELETE', 'COMMENT'];

function changeOf(op: ItemChangeOp, row: unknown): ItemChange | null {
  if (!Array.isArray(row)) return null;
  const [userId, id, threadKey, mailboxId, raised, status, folderState, snoozed] = row as unknown[];
  if (typeof userId !== 'string' || typeof id !== 'string' || typeof threadKey !== 'string') return null;
  const change: ItemChange = {
    op,
    userId,
    id,
    threadKey,
    mailboxId: typeof mailboxId === 'string' ? mailboxId : null,
    raised: raised === true,
  };
  if (typeof status === 'string')
    change.place = {
      status,
      folderState: typeof folderState === 'string' ? folderState : null,
      isSnoozed: snoozed === true,
    };
  return change;
}

/**
 * The changes one notification carries (rows that do not parse are skipped); a FirmChange for a change of a
 * firm's members or shares; null for anything else.
 */
export function parseItemChanges(payload: string): ItemChange[] | FirmChange | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (value.op === 'FIRM')
    return {
      op: 'FIRM',
      firmId: typeof value.firmId === 'string' ? value.firmId : null,
      userId: typeof value.userId === 'string' ? value.userId : null,
    };
  if (!OPS.includes(value.op)) return null;
  const op = value.op as ItemChangeOp;
  if (Array.isArray(value.rows))
    return value.rows.flatMap((row) => {
      const change = changeOf(op, row);
      return change ? [change] : [];
    });
  const single = changeOf(op, [value.userId, value.id, value.threadKey, value.mailboxId, value.raised]);
  return single ? [single] : null;
}
