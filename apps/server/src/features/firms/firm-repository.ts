import type {
  FirmDto,
  FirmInvitationDto,
  FirmMemberDto,
  FirmRole,
  SharedMailboxDto,
} from '@ledgerdesk/domain/api/firms';
import { mentionHandleOf } from '@ledgerdesk/domain/firm/mentions';
import { displayName } from '@ledgerdesk/domain/shell/display-name';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import type { Tx } from '../../db/with-user';

/** Every read here runs inside `withUser`: row-level security shows only the user's own firm (migration 0011). */

const iso = (value: Date | string) => new Date(value).toISOString();

export type Membership = { firmId: string; role: FirmRole };

export async function currentMembership(tx: Tx, userId: string): Promise<Membership | null> {
  const result = await tx.execute(sql`select firm_id, role from firm_members where user_id = ${userId}`);
  const row = rowsOf<{ firm_id: string; role: FirmRole }>(result)[0];
  return row ? { firmId: row.firm_id, role: row.role } : null;
}

export async function loadFirm(tx: Tx, userId: string, now: Date): Promise<FirmDto | null> {
  const membership = await currentMembership(tx, userId);
  if (!membership) return null;
  const firmResult = await tx.execute(sql`select id, name from firms where id = ${membership.firmId}::uuid`);
  const firm = rowsOf<{ id: string; name: string }>(firmResult)[0];
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
