import type { BulkUpdateResponse, ItemPatch, ItemUpdateResponse } from '@ledgerdesk/domain/api/triage';
import { BULK_UPDATE_MAX_IDS, TRIAGE_API } from '@ledgerdesk/domain/api/triage-endpoints';
import { api } from '../../../lib/api-client';

/** PATCH /api/triage/items/:id: one item, mirrored to the mailbox when the change must reach it. */
export function updateItem(id: string, patch: ItemPatch): Promise<ItemUpdateResponse> {
  return api<ItemUpdateResponse>(TRIAGE_API.item(id), { method: 'PATCH', body: patch });
}

/** POST /api/triage/items/bulk-update, in chunks of the server's limit, answers merged. */
export async function bulkUpdateItems(ids: readonly string[], patch: ItemPatch): Promise<BulkUpdateResponse> {
  const merged: BulkUpdateResponse = { updated: 0, failed: [], items: [], localOnlyIds: [], notice: null };
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
  }
  return merged;
}
