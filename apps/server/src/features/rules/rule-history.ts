import type { RuleHistoryEntry } from '@ledgerdesk/domain/api/rules-endpoints';
import type { DbOrTx } from '../../db/client';
import { listThreadApplications } from './rules-repository';

/** The rules applied to a thread, oldest first, as its activity shows them (whether Undo took each back). */
export async function ruleHistoryOfThread(
  tx: DbOrTx,
  thread: { ownerId: string; threadKey: string },
): Promise<RuleHistoryEntry[]> {
  return (await listThreadApplications(tx, thread)).map((row) => ({
    ruleId: row.ruleId,
    label: row.label,
    actionId: row.actionId,
    appliedAt: new Date(row.appliedAt).toISOString(),
    isUndone: row.undoneAt !== null,
  }));
}
