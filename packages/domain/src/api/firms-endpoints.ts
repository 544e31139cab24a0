/** The zod-free half of the firm API contract (./firms.ts), for the browser. */
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
  /** POST {token} → InvitationPreview: what the join page shows before accepting (the token stays out of URLs). */
  preview: '/api/firm/invitations/preview',
  sharedMailboxes: '/api/firm/shared-mailboxes',
  sharedMailbox: (id: string) => `/api/firm/shared-mailboxes/${encodeURIComponent(id)}`,
} as const;

/** The accept-invitation screen: the link an owner copies is `{origin}${FIRM_JOIN_PATH}?token=…`. */
export const FIRM_JOIN_PATH = '/firm/join';

export const FIRM_TEXTS = {
  alreadyInFirm: 'You already belong to a firm. Leave it before creating or joining another.',
  notInFirm: 'You are not a member of a firm.',
  ownerOnly: 'Only the firm owner can do that.',
  ownerCannotLeave: 'Make another member an owner before leaving: a firm needs an owner.',
  lastOwner: 'A firm needs an owner: make another member an owner first.',
  cannotRemoveSelf: 'Use Leave firm to leave your own firm.',
  memberNotFound: 'Member not found.',
  invitationNotFound: 'Invitation not found.',
  invitationInvalid: 'This invitation link is not valid.',
  invitationExpired: 'This invitation has expired. Ask the firm owner for a new one.',
  invitationUsed: 'This invitation has already been used.',
  mailboxNotFound: 'Mailbox not found.',
  handleTaken: 'A colleague in your firm already has that handle. Choose another one.',
} as const;

/** The refusal of an invitation opened by an account other than the one it was sent to. */
export const invitationForAnotherAccount = (invitedEmail: string, signedInEmail: string): string =>
  `This invitation is for ${invitedEmail}, but you are signed in as ${signedInEmail}. Sign out, then sign in (or sign up) as ${invitedEmail} to accept it.`;

/** The error code of that refusal (403), so the join page can offer to switch accounts. */
export const WRONG_ACCOUNT_CODE = 'invitation_for_another_account';

export type FirmRole = 'owner' | 'member';

export type FirmMemberDto = {
  userId: string;
  name: string;
  email: string;
  role: FirmRole;
  joinedAt: string;
  /** The signed-in user's own row. */
  isYou: boolean;
  /** What `@` mentions them by in internal comments (their profile handle, else their email's local part). */
  handle: string;
};

export type SharedMailboxDto = {
  integrationId: string;
  emailAddress: string;
  provider: string;
  ownerUserId: string;
  ownerName: string;
  sharedAt: string;
  /**
   * The owner's connection of the mailbox, as its members' shared view shows it (decision 012): active or not, when
   * its access token expires and when it last synced. Never a token.
   */
  connection: { isActive: boolean; tokenExpiresAt: string | null; lastSyncAt: string | null };
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

/** An invitation as its link's holder sees it before accepting. */
export type InvitationPreview = {
  firmName: string;
  /** The address it was sent to: only an account with this email (any letter case) can accept it. */
  email: string;
  /** Whether the signed-in account is that address. */
  forYou: boolean;
  /** The signed-in account's address. */
  signedInAs: string;
  expiresAt: string;
};

export type InvitationCreated = {
  invitation: FirmInvitationDto;
  /** The signed link to copy (shown once: only its hash is stored). */
  link: string;
  /** True when it was also sent by email (SMTP_URL configured). */
  emailed: boolean;
};
