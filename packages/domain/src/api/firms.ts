/**
 * Firms, members, invitations and shared mailboxes (issue 15, decision 011). Every endpoint needs a session;
 * errors are `{error:{code,message}}`.
 *
 * GET    /api/firm                                   → FirmResponse ({firm: null} outside a firm)
 * POST   /api/firm                   body FirmName   → 201 FirmResponse   (409 when already in a firm)
 * PATCH  /api/firm                   body FirmName   → FirmResponse       (owner)
 * POST   /api/firm/leave                             → 204 (an owner leaves only as the last member: the firm goes)
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
import { safeString } from './safe-string';

export const FIRM_NAME_MAX_LENGTH = 80;
/** How long an invitation link stays valid. */
export const FIRM_INVITATION_TTL_HOURS = 72;

export const FIRM_API = {
  firm: '/api/firm',
  leave: '/api/firm/leave',
  member: (userId: string) => `/api/firm/members/${encodeURIComponent(userId)}`,
  invitations: '/api/firm/invitations',
  invitation: (id: string) => `/api/firm/invitations/${encodeURIComponent(id)}`,
  accept: '/api/firm/invitations/accept',
  sharedMailboxes: '/api/firm/shared-mailboxes',
  sharedMailbox: (id: string) => `/api/firm/shared-mailboxes/${encodeURIComponent(id)}`,
} as const;

/** The accept-invitation screen: the link an owner copies is `{origin}${FIRM_JOIN_PATH}?token=…`. */
export const FIRM_JOIN_PATH = '/firm/join';

export const FIRM_TEXTS = {
  alreadyInFirm: 'You already belong to a firm. Leave it before creating or joining another.',
  notInFirm: 'You are not a member of a firm.',
  ownerOnly: 'Only the firm owner can do that.',
  ownerCannotLeave: 'Remove the other members before leaving: a firm needs its owner.',
  cannotRemoveSelf: 'Use Leave firm to leave your own firm.',
  memberNotFound: 'Member not found.',
  invitationNotFound: 'Invitation not found.',
  invitationInvalid: 'This invitation link is not valid.',
  invitationExpired: 'This invitation has expired. Ask the firm owner for a new one.',
  invitationUsed: 'This invitation has already been used.',
  mailboxNotFound: 'Mailbox not found.',
} as const;

const firmName = safeString().trim().min(1, 'must not be empty').max(FIRM_NAME_MAX_LENGTH);

export const firmNameSchema = z.strictObject({ name: firmName });
export const inviteBodySchema = z.strictObject({ email: z.email().max(254) });
export const acceptInvitationSchema = z.strictObject({ token: safeString().min(1).max(2000) });
export const shareMailboxSchema = z.strictObject({ integrationId: z.uuid() });
export const firmIdParamsSchema = z.strictObject({ id: z.uuid('id must be a valid id.') });
/** Member ids are better-auth user ids (not always uuids). */
export const memberParamsSchema = z.strictObject({ id: safeString().min(1).max(200) });

export type FirmRole = 'owner' | 'member';

export type FirmMemberDto = { userId: string; name: string; email: string; role: FirmRole; joinedAt: string };

export type SharedMailboxDto = {
  integrationId: string;
  emailAddress: string;
  provider: string;
  ownerUserId: string;
  ownerName: string;
  sharedAt: string;
};

export type FirmInvitationDto = { id: string; email: string; expiresAt: string; createdAt: string };

export type FirmDto = {
  id: string;
  name: string;
  /** The signed-in user's role. */
  role: FirmRole;
  members: FirmMemberDto[];
  sharedMailboxes: SharedMailboxDto[];
  /** Pending invitations (owners only; [] for members). */
  invitations: FirmInvitationDto[];
};

export type FirmResponse = { firm: FirmDto | null };

export type InvitationCreated = {
  invitation: FirmInvitationDto;
  /** The signed link to copy (shown once: only its hash is stored). */
  link: string;
  /** True when it was also sent by email (SMTP_URL configured). */
  emailed: boolean;
};
