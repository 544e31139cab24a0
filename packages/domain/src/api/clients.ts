/**
 * Mail that knows its client (decision 012, decision 015). Every endpoint needs a session; errors are
 * `{error:{code,message}}`.
 *
 * POST   /api/clients                          body ClientBody  → 201 ClientSaved
 *        Names the organisation (created when new) an address belongs to, the contact's name, and with
 *        `matchDomain` every sender at the address's domain (never a public mail domain: 400).
 * GET    /api/work/threads                                      → WorkThreadsResponse (threads filed to work items)
 * POST   /api/triage/threads/:threadKey/work   body FileBody    → 201 {thread: WorkThreadDto}
 * DELETE /api/triage/threads/:threadKey/work/:workItemId        → 204
 * A thread's client shows in GET /api/triage/threads/:threadKey/activity (`client`, `clientCandidate`), and the
 * list's custom filter `client` (organisation name) narrows every view.
 */
import { z } from 'zod';
import { safeName, safeString } from './safe-string';

export * from './clients-endpoints';

export const clientBodySchema = z.strictObject({
  organisation: safeName().min(1, 'must not be empty').max(120),
  address: safeString()
    .trim()
    .toLowerCase()
    .max(320)
    .refine((value) => /^[^\s@<>]+@[^\s@<>]+$/.test(value), 'address must be an email address.'),
  contactName: safeName().max(120).nullable().optional(),
  matchDomain: z.boolean().optional(),
});
export type ClientBody = z.output<typeof clientBodySchema>;

export const fileThreadSchema = z.strictObject({ workItemId: safeString().trim().min(1).max(100) });
export const unfileParamsSchema = z.strictObject({
  threadKey: safeString().min(1).max(1000),
  workItemId: safeString().min(1).max(100),
});
