import {
  FIRM_API,
  FIRM_TEXTS,
  type FirmResponse,
  firmIdParamsSchema,
  firmNameSchema,
  memberParamsSchema,
  memberRoleSchema,
  shareMailboxSchema,
} from '@ledgerdesk/domain/api/firms';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../auth/mailer';
import { type Tx, withUser } from '../../db/with-user';
import { badRequest, conflict, forbidden, notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import {
  createFirm,
  deleteFirm,
  deleteMembership,
  findOwnMailbox,
  loadFirm,
  lockFirm,
  otherMemberRoles,
  removeMember,
  renameFirm,
  setMemberRole,
  shareMailbox,
  unshareMailbox,
} from './firm-repository';
import { registerInvitationRoutes } from './invitation-routes';
import { invitationKey } from './invitation-token';
import { requireMembership, requireOwner } from './require-membership';

export type FirmRoutesOptions = { secret: string; mailer: Mailer | null };

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
        if (!(await createFirm(tx, name))) throw conflict(FIRM_TEXTS.alreadyInFirm);
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
        await renameFirm(tx, { firmId, name });
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
          await lockFirm(tx, firmId);
          const others = await otherMemberRoles(tx, { firmId, userId: user.id });
          if (others.length === 0) {
            // The last member is the owner: the firm goes with them (membership, invitations and shares cascade).
            await deleteFirm(tx, firmId);
            return;
          }
          if (!others.includes('owner')) throw conflict(FIRM_TEXTS.ownerCannotLeave);
        }
        await deleteMembership(tx, user.id);
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
        const outcome = await setMemberRole(tx, { userId: id, role });
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
        if (!(await removeMember(tx, { firmId, userId: id }))) throw notFound(FIRM_TEXTS.memberNotFound);
      });
      return reply.code(204).send();
    },
  );

  registerInvitationRoutes(app, { key, mailer: options.mailer, firmOf });

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
        const mailbox = await findOwnMailbox(tx, { integrationId, userId: user.id });
        if (!mailbox) throw notFound(FIRM_TEXTS.mailboxNotFound);
        await shareMailbox(tx, {
          integrationId,
          firmId,
          ownerId: user.id,
          emailAddress: mailbox.emailAddress ?? '',
          provider: mailbox.provider,
        });
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
        if (!(await unshareMailbox(tx, { integrationId: id, ownerId: user.id })))
          throw notFound(FIRM_TEXTS.mailboxNotFound);
        return firmOf(tx, user.id);
      });
    },
  );
}
