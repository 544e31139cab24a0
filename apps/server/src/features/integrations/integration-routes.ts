import { idParamsSchema } from '@ledgerdesk/domain/api/integrations';
import type { FastifyInstance } from 'fastify';
import { sharedPollSeconds } from '../../config/shared-poll';
import type { Tx } from '../../db/with-user';
import { withUser } from '../../db/with-user';
import { conflict, notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import {
  checkLiveUpdatesAgain,
  imapHostOf,
  mailProviderOffers,
  readVerifications,
  recheckSharedMailboxAccess,
  requestVerification,
  stopLiveUpdates,
  turnOnLiveUpdates,
} from '../../mail';
import { imapConnectRoutes } from './imap-connect-routes';
import { type IntegrationRow, type MailboxHealthRows, toIntegrationDto } from './integration-dto';
import {
  findIntegration,
  findResetInfo,
  listIntegrations,
  listPushRows,
  setIntegrationActive,
} from './integrations-repository';
import { notificationSourceRoutes } from './notification-source-routes';

const INTEGRATION_NOT_FOUND = 'Email integration not found.';
const VERIFY_NEEDS_CONNECTION = 'Reactivate or reconnect this mailbox before verifying it.';
const LIVE_UPDATES_NEED_CONNECTION = 'Reactivate or reconnect this mailbox before checking its live updates.';

/** /api/integrations (list, providers, disconnect, reactivate, reset info) and /api/notification-sources. */
export async function integrationRoutes(app: FastifyInstance): Promise<void> {
  const isPushOff = app.mail.env.MAIL_PUSH === 'off';
  const pollSeconds = sharedPollSeconds(app.mail.env);
  /** One integration as its card shows it: its row with its live updates and checks. */
  const cardOf = (row: IntegrationRow, health: (id: string) => MailboxHealthRows) =>
    toIntegrationDto(
      row,
      { ...health(row.id), isPushOff, sharedPollSeconds: pollSeconds },
      imapHostOf(app.mail, row.imapAccount),
    );
  /** One integration's card after an action. */
  const integrationAnswer = async (userId: string, row: IntegrationRow) =>
    cardOf(row, await withUser(app.db, userId, (tx) => readMailboxHealth(tx, userId)));
  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/integrations',
      summary: "The user's email integrations.",
      auth: { action: 'view email integrations' },
    },
    async ({ user }) => {
      const { rows, health } = await withUser(app.db, user.id, async (tx) => ({
        rows: await listIntegrations(tx, user.id),
        health: await readMailboxHealth(tx, user.id),
      }));
      return { integrations: rows.map((row) => cardOf(row, health)) };
    },
  );

  // What a first-run screen may offer: which providers can be connected here, and which are the sandbox.
  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/integrations/providers',
      summary: 'Which providers can be connected here (and which are the sandbox).',
      auth: { action: 'view email providers' },
    },
    async () => {
      return { providers: mailProviderOffers(app.mail) };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/integrations/reset-info',
      summary: 'The previous-reset card.',
      auth: { action: 'view reset information' },
    },
    async ({ user }) => {
      const resetInfo = await withUser(app.db, user.id, (tx) => findResetInfo(tx, user.id));
      return { resetInfo };
    },
  );

  for (const [action, isActive, summary] of [
    ['disconnect', false, 'Disconnect a mailbox.'],
    ['reactivate', true, 'Reactivate a mailbox.'],
  ] as const) {
    defineRoute(
      app,
      {
        method: 'POST',
        path: `/api/integrations/:id/${action}`,
        summary,
        auth: { action: `${action} an email integration` },
        params: idParamsSchema,
      },
      async ({ user, params: { id } }) => {
        const mailbox = { userId: user.id, integrationId: id };
        // Live updates (decision 021): removed while the connection still works, set up again on reactivate.
        if (!isActive) await stopLiveUpdates(app.mail, mailbox);
        const row = await withUser(app.db, user.id, (tx) =>
          setIntegrationActive(tx, { userId: user.id, integrationId: id, isActive }),
        );
        if (!row) throw notFound(INTEGRATION_NOT_FOUND);
        if (isActive) {
          await turnOnLiveUpdates(app.mail, app.syncFleet, mailbox);
        }
        return { integration: await integrationAnswer(user.id, row) };
      },
    );
  }

  // A shared mailbox whose access the tenant removed (decision 024): open it again; when Graph lets the user in,
  // it is back to normal and live updates start again.
  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/integrations/:id/check-access',
      summary: "Check again whether a shared mailbox's access was granted again.",
      auth: { action: 'check access to a shared mailbox' },
      params: idParamsSchema,
    },
    async ({ user, params: { id } }) => {
      const mailbox = { userId: user.id, integrationId: id };
      await recheckSharedMailboxAccess(app.mail, mailbox);
      await turnOnLiveUpdates(app.mail, app.syncFleet, mailbox);
      const row = await withUser(app.db, user.id, (tx) => findIntegration(tx, user.id, id));
      if (!row) throw notFound(INTEGRATION_NOT_FOUND);
      return { integration: await integrationAnswer(user.id, row) };
    },
  );

  // "Check again" (decision 028): a shared mailbox's live updates set up once more now, in the request — live when
  // the tenant's admin has granted the application permission since, else still polled fast, in words.
  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/integrations/:id/live-updates/check',
      summary: "Check again whether a mailbox's live updates can be set up (admin consent given since).",
      auth: { action: 'check live updates of an email integration' },
      params: idParamsSchema,
    },
    async ({ user, params: { id } }) => {
      const row = await withUser(app.db, user.id, (tx) => findIntegration(tx, user.id, id));
      if (!row) throw notFound(INTEGRATION_NOT_FOUND);
      if (!row.isActive || row.needsReconnect) throw conflict(LIVE_UPDATES_NEED_CONNECTION);
      if (!isPushOff) await checkLiveUpdatesAgain(app.mail, { userId: user.id, integrationId: id });
      return { integration: await integrationAnswer(user.id, row) };
    },
  );

  // Reconciliation on demand (decision 021): the next verify job of the fleet runs it.
  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/integrations/:id/verify',
      summary: 'Verify a mailbox against its provider now (queued; answers 202).',
      auth: { action: 'verify an email integration' },
      params: idParamsSchema,
    },
    async ({ user, params: { id }, reply }) => {
      const integration = await withUser(app.db, user.id, (tx) => findIntegration(tx, user.id, id));
      if (!integration) throw notFound(INTEGRATION_NOT_FOUND);
      if (!integration.isActive || integration.needsReconnect) throw conflict(VERIFY_NEEDS_CONNECTION);
      const verification = await withUser(app.db, user.id, (tx) =>
        requestVerification(tx, { userId: user.id, integrationId: id, at: new Date() }),
      );
      await app.syncFleet?.queueVerify({ integrationId: id, userId: user.id });
      return reply.code(202).send({ verification });
    },
  );

  await app.register(notificationSourceRoutes);
  await app.register(imapConnectRoutes);
}

/** Every mailbox's live-updates and verification rows of one user, by integration id. */
async function readMailboxHealth(tx: Tx, userId: string): Promise<(id: string) => MailboxHealthRows> {
  const push = await listPushRows(tx, userId);
  const verifications = await readVerifications(tx);
  return (id) => ({ push: push.get(id), verification: verifications.get(id) ?? null });
}
