import { idParamsSchema } from '@ledgerdesk/domain/api/integrations';
import type { CancelOutgoingResponse } from '@ledgerdesk/domain/api/outgoing-endpoints';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user';
import { parseInput } from '../../http/parse-input';
import { cancelOutgoingMail } from './cancel-outgoing-mail';

/** Undo send (domain api/outgoing-endpoints.ts describes the contract). */
export async function outgoingRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/outgoing/:id/cancel', async (request): Promise<CancelOutgoingResponse> => {
    const user = requireUser(request, 'undo a send');
    const { id } = parseInput(idParamsSchema, request.params);
    return { mail: await cancelOutgoingMail(app.db, user.id, id) };
  });
}
