/**
 * Snooze and follow-up reminders (decision 009). Every endpoint needs a session; errors are `{error:{code,message}}`.
 *
 * POST /api/triage/items/snooze    body SnoozeBody    → SnoozeResponse
 *      The items (of the main view: Inbox, Later, Low Priority, or already Scheduled) get status `scheduled`
 *      until `until`, and leave the main view for Scheduled. A time less than a minute ahead or more than
 *      366 days ahead → 400 with the domain's text; an item the user cannot see → 403 and nothing is written;
 *      an item elsewhere (Cleared, Sent, Drafts) → 409 "Only items in Triage can be snoozed.".
 * POST /api/triage/items/unsnooze  body ItemIdsBody   → SnoozeResponse
 *      Scheduled items go back to the inbox now (read state kept); others are left as they are.
 * At `until` a job returns the items: status inbox, unread, announced as `raised` on /api/events.
 * A reply in the thread brings them back early. Follow-up reminders ride on the send function
 * (`followUpAt` in send-office365-email).
 */
import { z } from 'zod';
import { BULK_UPDATE_MAX_IDS } from './triage-endpoints';

// The zod-free half (paths, texts, the response) lives in ./snooze-endpoints for the browser.
export { SNOOZE_API, SNOOZE_NOT_IN_TRIAGE, type SnoozeResponse } from './snooze-endpoints';

const ids = z.array(z.uuid('ids must be valid item ids.')).min(1).max(BULK_UPDATE_MAX_IDS);

export const snoozeBodySchema = z.strictObject({ ids, until: z.iso.datetime({ offset: true }) });
export type SnoozeBody = z.output<typeof snoozeBodySchema>;

export const itemIdsBodySchema = z.strictObject({ ids });
export type ItemIdsBody = z.output<typeof itemIdsBodySchema>;
