import {
  acceptInvitationSchema,
  FIRM_API,
  FIRM_INVITATION_TTL_HOURS,
  FIRM_JOIN_PATH,
  FIRM_TEXTS,
  type FirmResponse,
  firmIdParamsSchema,
  firmNameSchema,
  type InvitationCreated,
  type InvitationPreview,
  invitationForAnotherAccount,
  inviteBodySchema,
  memberParamsSchema,
  memberRoleSchema,
  shareMailboxSchema,
  WRONG_ACCOUNT_CODE,
} from '@ledgerdesk/domain/api/firms';
import { withoutUnsafeNameCharacters } from '@ledgerdesk/domain/http/unsafe-text';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../auth/mailer';
import { rowsOf } from '../../db/rows-of';
import { type Tx, withUser } from '../../db/with-user';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { currentMembership, loadFirm, type Membership } from './firm-repository';
import { hashInvitationToken, invitationKey, signInvitation, verifyInvitation } from './invitation-token';

export type FirmRoutesOptions = { secret: string; mailer: Mailer | null };

async function requireMembership(tx: Tx, userId: string): Promise<Membership> {
  const membership = await currentMembership(tx, userId);
  if (!membership) throw new AppError(404, 'not_found', FIRM_TEXTS.notInFirm);
  return membership;
}

async function requireOwner(tx: Tx, userId: string): Promise<Membership> {
  const membership = await requireMembership(tx, userId);
  if (membership.role !== 'owner') throw forbidden(FIRM_TEXTS.ownerOnly);
  return membership;
}

const ACCEPT_REFUSALS: Record<string, () => AppError> = {
  invalid: () => badRequest(FIRM_TEXTS.invitationInvalid),
  expired: () => new AppError(410, 'invitation_expired', FIRM_TEXTS.invitationExpired),
  used: () => conflict(FIRM_TEXTS.invitationUsed),
  already_in_firm: () => conflict(FIRM_TEXTS.alreadyInFirm),
};

type PreviewRow = { firm_name: string; email: string; expires_at: string; accepted: boolean };

async function previewInvitation(tx: Tx, token: string): Promise<PreviewRow | null> {
  const result = await tx.execute(
    sql`select firm_name, email, expires_at, accepted from ledgerdesk_firm_invitation_preview(${hashInvitationToken(token)})`,
  );
  return rowsOf<PreviewRow>(result)[0] ?? null;
}

/** An invitation is bound to the address it was sent to: another account is told whose it is (decision 012). */
function wrongAccount(invitedEmail: string, signedInEmail: string): AppError {
  return new AppError(403, WRONG_ACCOUNT_CODE, invitationForAnotherAccount(invitedEmail, signedInEmail), {
    invitedEmail,
    signedInEmail,
  });
}

/** The firm API (domain api/firms.ts describes the contract). */
export async function firmRoutes(app: FastifyInstance, options: FirmRoutesOptions): Promise<void> {
  const key = invitationKey(options.secret);
  const firmOf = (tx: Tx, userId: string): Promise<FirmResponse> =>
    loadFirm(tx, userId, app.clock.now()).then((firm) => ({ firm }));

  defineRoute(
    app,
    {
      method: 'GET',
      path: FIRM_API.firm,
      summary: "The user's firm ({firm: null} outside one).",
      auth: { action: 'view your firm' },
    },
    async ({ user }): Promise<FirmResponse> => {
      return withUser(app.db, user.id, (tx) => firmOf(tx, user.id));
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: FIRM_API.firm,
      summary: 'Create a firm (the creator owns it; one firm per user).',
      auth: { action: 'create a firm' },
      body: firmNameSchema,
    },
    async ({ user, reply, body: { name } }) => {
      const response = await withUser(app.db, user.id, async (tx) => {
        const result = await tx.execute(sql`select ledgerdesk_create_firm(${name}) as id`);
        if (!rowsOf<{ id: string | null }>(result)[0]?.id) throw conflict(FIRM_TEXTS.alreadyInFirm);
        return firmOf(tx, user.id);
      });
      return reply.code(201).send(response);
    },
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      path: FIRM_API.firm,
      summary: 'Rename the firm (owner).',
      auth: { action: 'rename your firm' },
      body: firmNameSchema,
    },
    async ({ user, body: { name } }): Promise<FirmResponse> => {
      return withUser(app.db, user.id, async (tx) => {
        const { firmId } = await requireOwner(tx, user.id);
        await tx.execute(sql`update firms set name = ${name} where id = ${firmId}::uuid`);
        return firmOf(tx, user.id);
      });
    },
  );

  defineRoute(
    app,
    { method: 'POST', path: FIRM_API.leave, summary: 'Leave the firm.', auth: { action: 'leave your firm' } },
    async ({ user, reply }) => {
      await withUser(app.db, user.id, async (tx) => {
        const { firmId, role } = await requireMembership(tx, user.id);
        if (role === 'owner') {
          // The firm row is the lock every role change takes (ledgerdesk_set_firm_member_role), so two owners
          // leaving at once cannot leave the firm without one.
          await tx.execute(sql`select id from firms where id = ${firmId}::uuid for update`);
          const others = rowsOf<{ role: string }>(
            await tx.execute(
              sql`select role from firm_members where firm_id = ${firmId}::uuid and user_id <> ${user.id}`,
            ),
          );
          if (others.length === 0) {
            // The last member is the owner: the firm goes with them (membership, invitations and shares cascade).
            await tx.execute(sql`delete from firms where id = ${firmId}::uuid`);
            return;
          }
          if (!others.some((other) => other.role === 'owner')) throw conflict(FIRM_TEXTS.ownerCannotLeave);
        }
        await tx.execute(sql`delete from firm_members where user_id = ${user.id}`);
      });
      return reply.code(204).send();
    },
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      path: '/api/firm/members/:id',
      summary: "Change a member's role: owner or member (owner; a firm keeps one owner).",
      auth: { action: 'change a member role' },
      params: memberParamsSchema,
      body: memberRoleSchema,
    },
    async ({ user, params: { id }, body: { role } }): Promise<FirmResponse> => {
      return withUser(app.db, user.id, async (tx) => {
        await requireOwner(tx, user.id);
        const result = await tx.execute(
          sql`select ledgerdesk_set_firm_member_role(${id}, ${role}) as outcome`,
        );
        const outcome = rowsOf<{ outcome: string }>(result)[0]?.outcome;
        if (outcome === 'not_owner') throw forbidden(FIRM_TEXTS.ownerOnly);
        if (outcome === 'not_found') throw notFound(FIRM_TEXTS.memberNotFound);
        if (outcome === 'last_owner') throw conflict(FIRM_TEXTS.lastOwner);
        return firmOf(tx, user.id);
      });
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      path: '/api/firm/members/:id',
      summary: 'Remove a member (owner).',
      auth: { action: 'remove a member' },
      params: memberParamsSchema,
    },
    async ({ user, reply, params: { id } }) => {
      await withUser(app.db, user.id, async (tx) => {
        const { firmId } = await requireOwner(tx, user.id);
        if (id === user.id) throw badRequest(FIRM_TEXTS.cannotRemoveSelf);
        const removed = await tx.execute(
          sql`delete from firm_members where user_id = ${id} and firm_id = ${firmId}::uuid returning user_id`,
        );
        if (rowsOf(removed).length === 0) throw notFound(FIRM_TEXTS.memberNotFound);
      });
      return reply.code(204).send();
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: FIRM_API.invitations,
      summary: 'Invite by email: a signed, expiring, single-use link (owner).',
      auth: { action: 'invite a member' },
      body: inviteBodySchema,
    },
    async ({ request, user, reply, body: { email } }) => {
      const now = app.clock.now();
      const expiresAt = new Date(now.getTime() + FIRM_INVITATION_TTL_HOURS * 3_600_000);
      const created = await withUser(app.db, user.id, async (tx) => {
        const { firmId } = await requireOwner(tx, user.id);
        const invitationId = crypto.randomUUID();
        const token = signInvitation(key, { invitationId, firmId, expiresAt: expiresAt.getTime() });
        await tx.execute(sql`
        insert into firm_invitations (id, firm_id, email, token_hash, invited_by, expires_at, created_at)
        values (${invitationId}::uuid, ${firmId}::uuid, ${email.toLowerCase()}, ${hashInvitationToken(token)},
          ${user.id}, ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`);
        const firm = await tx.execute(sql`select name from firms where id = ${firmId}::uuid`);
        return { invitationId, token, firmName: rowsOf<{ name: string }>(firm)[0]?.name ?? '' };
      });
      const link = `${app.publicUrl.replace(/\/$/, '')}${FIRM_JOIN_PATH}?token=${encodeURIComponent(created.token)}`;
      let emailed = false;
      if (options.mailer) {
        try {
          await options.mailer.send({
            to: email,
            // No line break of a name (one stored before names refused them, or the inviter's) reaches a header.
            subject: withoutUnsafeNameCharacters(
              `${user.name || user.email} invited you to ${created.firmName} on Ledgerdesk`,
            ),
            text: `Join ${created.firmName} on Ledgerdesk: ${link}\n\nThis link works once and expires in ${FIRM_INVITATION_TTL_HOURS} hours.`,
          });
          emailed = true;
        } catch (error) {
          request.log.warn({ err: error }, 'invitation email failed; the link stays copyable');
        }
      }
      const body: InvitationCreated = {
        invitation: {
          id: created.invitationId,
          email: email.toLowerCase(),
          expiresAt: expiresAt.toISOString(),
          createdAt: now.toISOString(),
        },
        link,
        emailed,
      };
      return reply.code(201).send(body);
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      path: '/api/firm/invitations/:id',
      summary: 'Revoke a pending invitation (owner).',
      auth: { action: 'revoke an invitation' },
      params: firmIdParamsSchema,
    },
    async ({ user, reply, params: { id } }) => {
      await withUser(app.db, user.id, async (tx) => {
        await requireOwner(tx, user.id);
        const deleted = await tx.execute(
          sql`delete from firm_invitations where id = ${id}::uuid and accepted_at is null returning id`,
        );
        if (rowsOf(deleted).length === 0) throw notFound(FIRM_TEXTS.invitationNotFound);
      });
      return reply.code(204).send();
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: FIRM_API.accept,
      summary: 'Join a firm with an invitation token (only the account of the invited address; else 403).',
      auth: { action: 'join a firm' },
      body: acceptInvitationSchema,
    },
    async ({ user, body: { token } }): Promise<FirmResponse> => {
      const now = app.clock.now();
      const verified = verifyInvitation(key, token, now);
      if (!verified.ok) throw (ACCEPT_REFUSALS[verified.reason] ?? ACCEPT_REFUSALS.invalid)?.() as AppError;
      return withUser(app.db, user.id, async (tx) => {
        const result = await tx.execute(
          sql`select outcome from ledgerdesk_accept_firm_invitation(${hashInvitationToken(token)}, ${now.toISOString()}::timestamptz)`,
        );
        const outcome = rowsOf<{ outcome: string }>(result)[0]?.outcome ?? 'invalid';
        if (outcome === 'wrong_account')
          throw wrongAccount((await previewInvitation(tx, token))?.email ?? '', user.email);
        if (outcome !== 'joined') throw (ACCEPT_REFUSALS[outcome] ?? ACCEPT_REFUSALS.invalid)?.() as AppError;
        return firmOf(tx, user.id);
      });
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: FIRM_API.preview,
      summary: "An invitation's firm and invited address, shown before accepting.",
      auth: { action: 'open an invitation' },
      body: acceptInvitationSchema,
    },
    async ({ user, body: { token } }): Promise<InvitationPreview> => {
      const now = app.clock.now();
      const verified = verifyInvitation(key, token, now);
      if (!verified.ok) throw (ACCEPT_REFUSALS[verified.reason] ?? ACCEPT_REFUSALS.invalid)?.() as AppError;
      const row = await withUser(app.db, user.id, (tx) => previewInvitation(tx, token));
      if (!row) throw ACCEPT_REFUSALS.invalid?.() as AppError;
      if (row.accepted) throw ACCEPT_REFUSALS.used?.() as AppError;
      if (new Date(row.expires_at).getTime() <= now.getTime()) throw ACCEPT_REFUSALS.expired?.() as AppError;
      return {
        firmName: row.firm_name,
        email: row.email,
        forYou: row.email.toLowerCase() === user.email.toLowerCase(),
        signedInAs: user.email,
        expiresAt: new Date(row.expires_at).toISOString(),
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: FIRM_API.sharedMailboxes,
      summary: 'Share one of your mailboxes with your firm.',
      auth: { action: 'share a mailbox' },
      body: shareMailboxSchema,
    },
    async ({ user, body: { integrationId } }): Promise<FirmResponse> => {
      return withUser(app.db, user.id, async (tx) => {
        const { firmId } = await requireMembership(tx, user.id);
        const mailbox = await tx.execute(sql`
        select email_address, provider from email_integrations
        where id = ${integrationId}::uuid and user_id = ${user.id}`);
        const row = rowsOf<{ email_address: string | null; provider: string }>(mailbox)[0];
        if (!row) throw notFound(FIRM_TEXTS.mailboxNotFound);
        await tx.execute(sql`
        insert into firm_shared_mailboxes (email_integration_id, firm_id, owner_user_id, email_address, provider)
        values (${integrationId}::uuid, ${firmId}::uuid, ${user.id}, ${row.email_address ?? ''}, ${row.provider})
        on conflict (email_integration_id) do nothing`);
        return firmOf(tx, user.id);
      });
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      path: '/api/firm/shared-mailboxes/:id',
      summary: 'Stop sharing one of your mailboxes.',
      auth: { action: 'stop sharing a mailbox' },
      params: firmIdParamsSchema,
    },
    async ({ user, params: { id } }): Promise<FirmResponse> => {
      return withUser(app.db, user.id, async (tx) => {
        const removed = await tx.execute(sql`
        delete from firm_shared_mailboxes where email_integration_id = ${id}::uuid and owner_user_id = ${user.id}
        returning email_integration_id`);
        if (rowsOf(removed).length === 0) throw notFound(FIRM_TEXTS.mailboxNotFound);
        return firmOf(tx, user.id);
      });
    },
  );
}
