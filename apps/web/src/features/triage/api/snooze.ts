import { SNOOZE_API, type SnoozeResponse } from '@ledgerdesk/domain/api/snooze-endpoints';
import { api } from '../../../lib/api-client';

/** Snoozes items into Scheduled until `until`. */
export function snoozeItems(ids: readonly string[], until: Date): Promise<SnoozeResponse> {
  return api<SnoozeResponse>(SNOOZE_API.snooze, {
    method: 'POST',
    body: { ids, until: until.toISOString() },
  });
}

/** Brings snoozed items back to the inbox now. */
export function unsnoozeItems(ids: readonly string[]): Promise<SnoozeResponse> {
  return api<SnoozeResponse>(SNOOZE_API.unsnooze, { method: 'POST', body: { ids } });
}
