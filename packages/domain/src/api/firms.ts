/**
 * Firms, members, invitations and shared mailboxes (decision 012). Every endpoint needs a session;
 * errors are `{error:{code,message}}`.
 *
 * GET    /api/firm                                   → FirmResponse ({firm: null} outside a firm)
 * POST   /api/firm                   body FirmName   → 201 FirmResponse   (409 when already in a firm)
 * PATCH  /api/firm                   body FirmName   → FirmResponse       (owner)
 * POST   /api/firm/leave                             → 204 (an owner leaves while another owner stays, or as the
 *                                                      last member: the firm goes; else 409)
 * PATCH  /api/firm/members/:id       body MemberRole → FirmResponse (owner; makes a member an owner or an owner a
 *                                                      member; 409 for the firm's last owner)
 * DELETE /api/firm/members/:id                       → 204 (owner; `id` is the member's user id)
 * POST   /api/firm/invitations       body InviteBody → 201 InvitationCreated (owner; the link is shown once)
 * DELETE /api/firm/invitations/:id                   → 204 (owner)
 * POST   /api/firm/invitations/accept body AcceptBody → FirmResponse
 * POST   /api/firm/shared-mailboxes  body ShareBody  → FirmResponse (the mailbox's owner, in a firm)
 * DELETE /api/firm/shared-mailboxes/:id              → FirmResponse (its owner; `id` is the integration id)
 *
 * A shared mailbox's items are listed with GET /api/triage/threads?mailboxId={id} by every member; threads,
 * contents and item updates of its items work for members too (the server acts with the owner's mailbox).
 */
import { z } from 'zod';
import { FIRM_NAME_MAX_LENGTH } from './firms-endpoints';
import { safeName, safeString } from './safe-string';

export * from './firms-endpoints';

const firmName = safeName().min(1, 'must not be empty').max(FIRM_NAME_MAX_LENGTH);

export const firmNameSchema = z.strictObject({ name: firmName });
export const inviteBodySchema = z.strictObject({ email: z.email().max(254) });
export const acceptInvitationSchema = z.strictObject({ token: safeString().min(1).max(2000) });
export const shareMailboxSchema = z.strictObject({ integrationId: z.uuid() });
export const firmIdParamsSchema = z.strictObject({ id: z.uuid('id must be a valid id.') });
/** Member ids are better-auth user ids (not always uuids). */
export const memberParamsSchema = z.strictObject({ id: safeString().min(1).max(200) });
export const memberRoleSchema = z.strictObject({ role: z.enum(['owner', 'member']) });
