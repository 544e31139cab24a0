import type { RuleHistoryEntry } from '@ledgerdesk/domain/api/rules-endpoints';
import type { DbOrTx } from '../../db/client';
import type { ThreadRef } from '../access';

/**
 * A thread's rule history for its activity. The rules build on collaboration (a rule assigns), so collaboration
 * reads their history through this hook, passed by the composition root like the mail layer's FilingHook.
 */
export type RuleHistoryHook = (tx: DbOrTx, thread: ThreadRef) => Promise<RuleHistoryEntry[]>;

export type CollaborationRoutesOptions = { ruleHistory: RuleHistoryHook };
