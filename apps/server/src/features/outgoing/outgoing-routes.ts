import { idParamsSchema } from '@ledgerdesk/domain/api/integrations';
import type { CancelOutgoingResponse } from '@ledgerdesk/domain/api/outgoing-endpoints';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route';
import { cancelOutgoingMail } from './cancel-outgoing-mail';

/** Undo send (domain api/outgoing-endpoints.ts describes the contract). */
export async function outgoingRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/outgoing/:id/cancel',
      summary:
        'Undo send: take back a message held by send-office365-email with holdSeconds (409 once it has been sent).',
      auth: { action: 'undo a send' },
      params: idParamsSchema,
    },
    async ({ user, params: { id } }): Promise<CancelOutgoingResponse> => {
      return { mail: await cancelOutgoingMail(app.db, user.id, id) };
    },
  );
}
