import {
  IMAP_API,
  type ImapConnectResponse,
  type ImapTestFailure,
  type ImapTestResponse,
  imapConnectBodySchema,
  imapPasswordBodySchema,
} from '@ledgerdesk/domain/api/imap-connect';
import { idParamsSchema } from '@ledgerdesk/domain/api/integrations';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { withUser } from '../../db/with-user';
import { notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import {
  connectImapMailbox,
  type ImapConnectResult,
  imapHostOf,
  readVerifications,
  testImapConnection,
  turnOnLiveUpdates,
  updateImapPassword,
} from '../../mail';
import { createImapAttemptLimiter } from './imap-attempt-limiter';
import { toIntegrationDto } from './integration-dto';
import { findIntegration, listPushRows } from './integrations-repository';

type Failure = Exclude<ImapConnectResult, { ok: true }>;

/** A failed step: 422 with the step and its words (never the password, never a server's raw answer). */
function sendFailure(reply: FastifyReply, failure: Failure) {
  const body: ImapTestFailure = {
    error: {
      code: failure.code,
      message: failure.message,
      step: failure.step,
      details: { step: failure.step },
    },
  };
  return reply.code(422).send(body);
}

/** IMAP/SMTP mailboxes (decision 023): Test connection, Connect, and Update password after the server refused one. */
export async function imapConnectRoutes(app: FastifyInstance): Promise<void> {
  const limiter = createImapAttemptLimiter(app.db);

  defineRoute(
    app,
    {
      method: 'POST',
      path: IMAP_API.test,
      summary: 'Test an IMAP/SMTP login step by step without storing it.',
      auth: { action: 'test a mail connection' },
      body: imapConnectBodySchema,
    },
    async ({ user, body, reply }) => {
      await limiter.take(user.id);
      const result = await testImapConnection(app.mail, body);
      if (!result.ok) return sendFailure(reply, result);
      const answer: ImapTestResponse = { ok: true, folders: result.folders };
      return answer;
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: IMAP_API.connect,
      summary: 'Test an IMAP/SMTP login, then connect the mailbox (the same address again updates it).',
      auth: { action: 'connect an email account' },
      body: imapConnectBodySchema,
    },
    async ({ user, body, reply }) => {
      await limiter.take(user.id);
      const result = await connectImapMailbox(app.mail, { userId: user.id, body });
      if (!result.ok) return sendFailure(reply, result);
      return reply.code(201).send(await connectedAnswer(app, user.id, result));
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/integrations/:id/imap-password',
      summary: 'Test and store a new password for an IMAP mailbox whose server refused the old one.',
      auth: { action: 'update a mailbox password' },
      params: idParamsSchema,
      body: imapPasswordBodySchema,
    },
    async ({ user, params: { id }, body, reply }) => {
      await limiter.take(user.id);
      const result = await updateImapPassword(app.mail, {
        userId: user.id,
        integrationId: id,
        password: body.password,
      });
      if (!result) throw notFound('Email integration not found.');
      if (!result.ok) return sendFailure(reply, result);
      return connectedAnswer(app, user.id, result);
    },
  );
}

/** The stored integration as the card shows it; live updates set up as after an OAuth connect. */
async function connectedAnswer(
  app: FastifyInstance,
  userId: string,
  result: Extract<ImapConnectResult, { ok: true }>,
): Promise<ImapConnectResponse> {
  const mailbox = { userId, integrationId: result.integrationId };
  await turnOnLiveUpdates(app.mail, app.syncFleet, mailbox);
  const { row, push, verifications } = await withUser(app.db, userId, async (tx) => ({
    row: await findIntegration(tx, userId, result.integrationId),
    push: await listPushRows(tx, userId),
    verifications: await readVerifications(tx),
  }));
  if (!row) throw notFound('Email integration not found.');
  const health = {
    push: push.get(row.id),
    verification: verifications.get(row.id) ?? null,
    isPushOff: app.mail.env.MAIL_PUSH === 'off',
  };
  return {
    integration: toIntegrationDto(row, health, imapHostOf(app.mail, row.imapAccount)),
    folders: result.folders,
  };
}
