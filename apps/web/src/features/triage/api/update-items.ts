import type { BulkUpdateResponse, ItemPatch, ItemUpdateResponse } from '@ledgerdesk/domain/api/triage';
import { BULK_UPDATE_MAX_IDS, TRIAGE_API } from '@ledgerdesk/domain/api/triage-endpoints';
import { api } from '../../../lib/api-client';

/** PATCH /api/triage/items/:id: one item; the server queues its mailbox change and answers at once. */
export function updateItem(id: string, patch: ItemPatch): Promise<ItemUpdateResponse> {
  return api<ItemUpdateResponse>(TRIAGE_API.item(id), { method: 'PATCH', body: patch });
}

/** A bulk update sent in chunks: the answers merged, with every chunk's action id (Undo takes them all back). */
export type MergedBulkResponse = Omit<BulkUpdateResponse, 'actionId'> & { actionIds: string[] };

/** POST /api/triage/items/bulk-update, in chunks of the server's limit, answers merged. */
export async function bulkUpdateItems(ids: readonly string[], patch: ItemPatch): Promise<MergedBulkResponse> {
  const merged: MergedBulkResponse = {
    updated: 0,
    failed: [],
    items: [],
    localOnlyIds: [],
    notice: null,
    actionIds: [],
  };
  for (let start = 0; start < ids.length; start += BULK_UPDATE_MAX_IDS) {
    const chunk = ids.slice(start, start + BULK_UPDATE_MAX_IDS);
    const answer = await api<BulkUpdateResponse>(TRIAGE_API.bulkUpdate, {
      method: 'POST',
      body: { ids: chunk, patch },
    });
    merged.updated += answer.updated;
    merged.failed.push(...answer.failed);
    merged.items.push(...answer.items);
    merged.localOnlyIds.push(...answer.localOnlyIds);
    merged.notice = merged.notice ?? answer.notice;
    merged.actionIds.push(answer.actionId);
  }
  return merged;
}
