import type { BulkUpdateResponse, ItemUpdateResponse } from '@ledgerdesk/domain/api/triage';
import type { TriageItem } from '@ledgerdesk/domain/entities';
import type { ListAction } from '../utils/action-items';

/** Where an action came from decides its toasts: a bulk bar summary, an undo offer, or nothing. */
export type ActionSource = 'single' | 'bulk' | 'open' | 'undo' | 'detail';

export type ActionRequest = {
  items: TriageItem[];
  action: ListAction;
  source: ActionSource;
  groupId?: string;
  /** False waits for the server before the lists change (Move to Inbox shows "Moving..." meanwhile). */
  isOptimistic?: boolean;
};
/** A bulk update sent in chunks: the answers merged, with every chunk's action id (Undo takes them all back). */
export type MergedBulkResponse = Omit<BulkUpdateResponse, 'actionId'> & { actionIds: string[] };
export type ActionResult = { single?: ItemUpdateResponse; bulk?: MergedBulkResponse };
