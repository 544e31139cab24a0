import type {
  FirmDto,
  FirmInvitationDto,
  FirmMemberDto,
  FirmRole,
  SharedMailboxDto,
} from '@ledgerdesk/domain/api/firms';
import { mentionHandleOf } from '@ledgerdesk/domain/firm/mentions';
import { displayName } from '@ledgerdesk/domain/shell/display-name';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/require-user';
import { rowsOf } from '../../db/rows-of';
import { emailIntegrations } from '../../db/schema/email-integrations';
import { firmInvitations, firmMembers, firmSharedMailboxes, firms } from '../../db/schema/firms';
import { profiles } from '../../db/schema/profiles';
import type { Tx } from '../../db/with-user';

/**
 * The firm feature's queries: its firm, members, shared mailboxes and invitations. Every query here runs inside
 * `withUser`: row-level security shows only the user's own firm (migration 0011). Members are added only by definer
 * functions (create firm, accept invitation); shared-mailbox ownership lives in `shared-scope.ts`.
 */

const iso = (value: Date | string) => new Date(value).toISOString();

export type Membership = { firmId: string; role: FirmRole };

export async function currentMembership(tx: Tx, userId: string): Promise<Membership | null> {
  const [row] = await tx
    .select({ firmId: firmMembers.firmId, role: firmMembers.role })
    .from(firmMembers)
    .where(eq(firmMembers.userId, userId));
  // The role column is checked by the database (owner or member).
  return row ? { firmId: row.firmId, role: row.role as FirmRole } : null;
}

export async function loadFirm(tx: Tx, userId: string, now: Date): Promise<FirmDto | null> {
  const membership = await currentMembership(tx, userId);
  if (!membership) return null;
  const [firm] = await tx
    .select({ id: firms.id, name: firms.name })
    .from(firms)
    .where(eq(firms.id, membership.firmId));
  if (!firm) return null;
  const members = rowsOf<{
    user_id: string;
    full_name: string | null;
    email: string;
    role: FirmRole;
    joined_at: string;
    handle: string | null;
  }>(
    await tx.execute(sql`
      select m.user_id, n.full_name, u.email, m.role, m.joined_at, h.handle from firm_members m
      join users u on u.id = m.user_id
      left join ledgerdesk_firm_member_handles() h on h.user_id = m.user_id
      left join ledgerdesk_firm_member_names() n on n.user_id = m.user_id
      where m.firm_id = ${firm.id}::uuid
      order by (m.role = 'owner') desc,
        lower(coalesce(nullif(btrim(n.full_name), ''), split_part(u.email, '@', 1))), m.user_id`),
  ).map(
    (row): FirmMemberDto => ({
      userId: row.user_id,
      name: displayName(row.full_name, row.email),
      email: row.email,
      role: row.role,
      joinedAt: iso(row.joined_at),
      isYou: row.user_id === userId,
      handle: mentionHandleOf({ handle: row.handle, email: row.email }),
    }),
  );
  const sharedMailboxes = rowsOf<{
    email_integration_id: string;
    email_address: string;
    provider: string;
    owner_user_id: string;
    owner_full_name: string | null;
    owner_email: string;
    shared_at: string;
    is_active: boolean | null;
    token_expires_at: string | Date | null;
    last_sync_at: string | Date | null;
  }>(
    await tx.execute(sql`
      select s.email_integration_id, s.email_address, s.provider, s.owner_user_id,
        n.full_name as owner_full_name, u.email as owner_email, s.shared_at,
        c.is_active, c.token_expires_at, c.last_sync_at
      from firm_shared_mailboxes s
      join ledgerdesk_shared_mailboxes() v on v.integration_id = s.email_integration_id
      join users u on u.id = s.owner_user_id
      left join ledgerdesk_firm_member_names() n on n.user_id = s.owner_user_id
      left join ledgerdesk_shared_mailbox_connections() c on c.integration_id = s.email_integration_id
      where s.firm_id = ${firm.id}::uuid
      order by lower(s.email_address)`),
  ).map(
    (row): SharedMailboxDto => ({
      integrationId: row.email_integration_id,
      emailAddress: row.email_address,
      provider: row.provider,
      ownerUserId: row.owner_user_id,
      ownerName: displayName(row.owner_full_name, row.owner_email),
      sharedAt: iso(row.shared_at),
      connection: {
        isActive: row.is_active === true,
        tokenExpiresAt: row.token_expires_at == null ? null : iso(row.token_expires_at),
        lastSyncAt: row.last_sync_at == null ? null : iso(row.last_sync_at),
      },
    }),
  );
  const invitations =
    membership.role === 'owner' ? await pendingInvitations(tx, firm.id, now) : ([] as FirmInvitationDto[]);
  return { id: firm.id, name: firm.name, role: membership.role, members, sharedMailboxes, invitations };
}

async function pendingInvitations(tx: Tx, firmId: string, now: Date): Promise<FirmInvitationDto[]> {
  const result = await tx.execute(sql`
    select id, email, expires_at, created_at from firm_invitations
    where firm_id = ${firmId}::uuid and accepted_at is null and expires_at > ${now.toISOString()}::timestamptz
    order by created_at desc`);
  return rowsOf<{ id: string; email: string; expires_at: string; created_at: string }>(result).map((row) => ({
    id: row.id,
    email: row.email,
    expiresAt: iso(row.expires_at),
    createdAt: iso(row.created_at),
  }));
}

// Colleagues are named by their display name (spec §5: the profile's full name, else the part of the email before
// the @), never by their address (decision 012).

/** The signed-in user's display name, as colleagues see it (their own profile row, readable under RLS). */
export async function actorDisplayName(tx: Tx, user: SessionUser): Promise<string> {
  const [row] = await tx
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, user.id));
  return displayName(row?.fullName, user.email);
}

/** Creates a firm owned by the user (a definer function); null when the user is already in one. */
/**
 * A mailbox another member already shares with the caller's firm, by its address (any case): its firm and owner,
 * or null. Only shares the caller can see (firm RLS): a colleague's unshared connection stays their own.
 */
export async function findSharedByColleague(
  tx: Tx,
  userId: string,
  address: string,
): Promise<{ firmName: string; ownerName: string } | null> {
  const [row] = rowsOf<{ firm_name: string; owner_full_name: string | null; owner_email: string }>(
    await tx.execute(sql`
      select f.name as firm_name, n.full_name as owner_full_name, u.email as owner_email
      from firm_shared_mailboxes s
      join ledgerdesk_shared_mailboxes() v on v.integration_id = s.email_integration_id
      join firms f on f.id = s.firm_id
      join users u on u.id = s.owner_user_id
      left join ledgerdesk_firm_member_names() n on n.user_id = s.owner_user_id
      where lower(s.email_address) = lower(${address}) and s.owner_user_id <> ${userId}
      limit 1`),
  );
  return row
    ? { firmName: row.firm_name, ownerName: displayName(row.owner_full_name, row.owner_email) }
    : null;
}

export async function createFirm(tx: Tx, name: string): Promise<string | null> {
  const result = await tx.execute(sql`select ledgerdesk_create_firm(${name}) as id`);
  return rowsOf<{ id: string | null }>(result)[0]?.id ?? null;
}

export async function findFirmName(tx: Tx, firmId: string): Promise<string | null> {
  const [row] = await tx.select({ name: firms.name }).from(firms).where(eq(firms.id, firmId));
  return row?.name ?? null;
}

export async function renameFirm(tx: Tx, options: { firmId: string; name: string }): Promise<void> {
  await tx.update(firms).set({ name: options.name }).where(eq(firms.id, options.firmId));
}

/** Locks the firm row: the lock every role change takes (ledgerdesk_set_firm_member_role). */
export async function lockFirm(tx: Tx, firmId: string): Promise<void> {
  await tx.select({ id: firms.id }).from(firms).where(eq(firms.id, firmId)).for('update');
}

/** The roles of the firm's members other than `userId`. */
export async function otherMemberRoles(
  tx: Tx,
  options: { firmId: string; userId: string },
): Promise<string[]> {
  const rows = await tx
    .select({ role: firmMembers.role })
    .from(firmMembers)
    .where(and(eq(firmMembers.firmId, options.firmId), ne(firmMembers.userId, options.userId)));
  return rows.map((row) => row.role);
}

/** Deletes the firm; its membership, invitations and shares cascade. */
export async function deleteFirm(tx: Tx, firmId: string): Promise<void> {
  await tx.delete(firms).where(eq(firms.id, firmId));
}

/** The user leaves their firm. */
export async function deleteMembership(tx: Tx, userId: string): Promise<void> {
  await tx.delete(firmMembers).where(eq(firmMembers.userId, userId));
}

/** Removes a member of the firm; false when `userId` is not one. */
export async function removeMember(tx: Tx, options: { firmId: string; userId: string }): Promise<boolean> {
  const removed = await tx
    .delete(firmMembers)
    .where(and(eq(firmMembers.userId, options.userId), eq(firmMembers.firmId, options.firmId)))
    .returning({ userId: firmMembers.userId });
  return removed.length > 0;
}

export type SetRoleOutcome = 'ok' | 'invalid' | 'not_owner' | 'not_found' | 'last_owner';

/** Changes a member's role through the definer function that keeps every firm an owner (migration 0017). */
export async function setMemberRole(
  tx: Tx,
  options: { userId: string; role: FirmRole },
): Promise<SetRoleOutcome | undefined> {
  const result = await tx.execute(
    sql`select ledgerdesk_set_firm_member_role(${options.userId}, ${options.role}) as outcome`,
  );
  return rowsOf<{ outcome: SetRoleOutcome }>(result)[0]?.outcome;
}

/** One of the user's own mailboxes, as a share names it; null when it is not theirs. */
export async function findOwnMailbox(
  tx: Tx,
  options: { integrationId: string; userId: string },
): Promise<{ emailAddress: string | null; provider: string } | null> {
  const [row] = await tx
    .select({ emailAddress: emailIntegrations.emailAddress, provider: emailIntegrations.provider })
    .from(emailIntegrations)
    .where(
      and(eq(emailIntegrations.id, options.integrationId), eq(emailIntegrations.userId, options.userId)),
    );
  return row ?? null;
}

/** Shares a mailbox with the firm (a mailbox already shared stays as it is). */
export async function shareMailbox(
  tx: Tx,
  share: { integrationId: string; firmId: string; ownerId: string; emailAddress: string; provider: string },
): Promise<void> {
  await tx
    .insert(firmSharedMailboxes)
    .values({
      emailIntegrationId: share.integrationId,
      firmId: share.firmId,
      ownerUserId: share.ownerId,
      emailAddress: share.emailAddress,
      provider: share.provider,
    })
    .onConflictDoNothing({ target: firmSharedMailboxes.emailIntegrationId });
}

/** Stops sharing one of the owner's mailboxes; false when it was not shared by them. */
export async function unshareMailbox(
  tx: Tx,
  options: { integrationId: string; ownerId: string },
): Promise<boolean> {
  const removed = await tx
    .delete(firmSharedMailboxes)
    .where(
      and(
        eq(firmSharedMailboxes.emailIntegrationId, options.integrationId),
        eq(firmSharedMailboxes.ownerUserId, options.ownerId),
      ),
    )
    .returning({ id: firmSharedMailboxes.emailIntegrationId });
  return removed.length > 0;
}

/** Stores an invitation (only the hash of its token). */
export async function insertInvitation(
  tx: Tx,
  invitation: {
    id: string;
    firmId: string;
    email: string;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await tx.insert(firmInvitations).values(invitation);
}

/** Revokes a pending invitation; false when there is none (unknown or already accepted). */
export async function deletePendingInvitation(tx: Tx, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(firmInvitations)
    .where(and(eq(firmInvitations.id, id), isNull(firmInvitations.acceptedAt)))
    .returning({ id: firmInvitations.id });
  return deleted.length > 0;
}

/** Accepts the invitation of `tokenHash` for the user (a definer function); its outcome, `invalid` when none. */
export async function acceptInvitation(tx: Tx, options: { tokenHash: string; now: Date }): Promise<string> {
  const result = await tx.execute(
    sql`select outcome from ledgerdesk_accept_firm_invitation(${options.tokenHash}, ${options.now.toISOString()}::timestamptz)`,
  );
  return rowsOf<{ outcome: string }>(result)[0]?.outcome ?? 'invalid';
}

export type InvitationPreviewRow = {
  firm_name: string;
  email: string;
  expires_at: string;
  accepted: boolean;
};

/** The firm and invited address of the invitation of `tokenHash` (a definer function), or null. */
export async function previewInvitation(tx: Tx, tokenHash: string): Promise<InvitationPreviewRow | null> {
  const result = await tx.execute(
    sql`select firm_name, email, expires_at, accepted from ledgerdesk_firm_invitation_preview(${tokenHash})`,
  );
  return rowsOf<InvitationPreviewRow>(result)[0] ?? null;
}
