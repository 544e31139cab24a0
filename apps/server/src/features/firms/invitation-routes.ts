import {
  acceptInvitationSchema,
  FIRM_API,
  FIRM_INVITATION_TTL_HOURS,
  FIRM_JOIN_PATH,
  FIRM_TEXTS,
  type FirmResponse,
  firmIdParamsSchema,
  type InvitationCreated,
  type InvitationPreview,
  invitationForAnotherAccount,
  inviteBodySchema,
  WRONG_ACCOUNT_CODE,
} from '@ledgerdesk/domain/api/firms';
import { withoutUnsafeNameCharacters } from '@ledgerdesk/domain/http/unsafe-text';
import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../auth/mailer';
import { type Tx, withUser } from '../../db/with-user';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import {
  acceptInvitation,
  deletePendingInvitation,
  findFirmName,
  insertInvitation,
  previewInvitation,
} from './firm-repository';
import {
  hashInvitationToken,
  type invitationKey,
  signInvitation,
  verifyInvitation,
} from './invitation-token';
import { requireOwner } from './require-membership';

export type InvitationRoutesOptions = {
  key: ReturnType<typeof invitationKey>;
  mailer: Mailer | null;
  firmOf: (tx: Tx, userId: string) => Promise<FirmResponse>;
};

const ACCEPT_REFUSALS: Record<string, () => AppError> = {
  invalid: () => badRequest(FIRM_TEXTS.invitationInvalid),
  expired: () => new AppError(410, 'invitation_expired', FIRM_TEXTS.invitationExpired),
  used: () => conflict(FIRM_TEXTS.invitationUsed),
  already_in_firm: () => conflict(FIRM_TEXTS.alreadyInFirm),
};

/** An invitation is bound to the address it was sent to: another account is told whose it is (decision 012). */
function wrongAccount(invitedEmail: string, signedInEmail: string): AppError {
  return new AppError(403, WRONG_ACCOUNT_CODE, invitationForAnotherAccount(invitedEmail, signedInEmail), {
    invitedEmail,
    signedInEmail,
  });
}

/** Invite (owner), revoke (owner), accept and preview: the firm's invitations (domain api/firms.ts). */
export function registerInvitationRoutes(app: FastifyInstance, options: InvitationRoutesOptions): void {
  const { key, firmOf } = options;
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
        await insertInvitation(tx, {
          id: invitationId,
          firmId,
          email: email.toLowerCase(),
          tokenHash: hashInvitationToken(token),
          invitedBy: user.id,
          expiresAt,
          createdAt: now,
        });
        return { invitationId, token, firmName: (await findFirmName(tx, firmId)) ?? '' };
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
        if (!(await deletePendingInvitation(tx, id))) throw notFound(FIRM_TEXTS.invitationNotFound);
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
        const tokenHash = hashInvitationToken(token);
        const outcome = await acceptInvitation(tx, { tokenHash, now });
        if (outcome === 'wrong_account')
          throw wrongAccount((await previewInvitation(tx, tokenHash))?.email ?? '', user.email);
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
      const row = await withUser(app.db, user.id, (tx) => previewInvitation(tx, hashInvitationToken(token)));
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
}
