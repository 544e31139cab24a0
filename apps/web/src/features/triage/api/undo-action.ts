import type { UndoActionResponse } from '@ledgerdesk/domain/api/triage';
import { TRIAGE_API } from '@ledgerdesk/domain/api/triage-endpoints';
import { api } from '../../../lib/api-client';

/** POST /api/triage/actions/:id/undo: the items as they were before the action (decision 010). */
export function undoAction(actionId: string): Promise<UndoActionResponse> {
  return api<UndoActionResponse>(TRIAGE_API.undo(actionId), { method: 'POST' });
}
