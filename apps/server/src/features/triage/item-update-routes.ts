import { bulkUpdateSchema, itemPatchSchema } from '@ledgerdesk/domain/api/triage';
import { NO_ITEMS_SELECTED } from '@ledgerdesk/domain/triage/item-update-messages';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../auth/require-user';
import { badRequest } from '../../http/app-error';
import { parseInput } from '../../http/parse-input';
import { undoAction } from './undo-action';
import { bulkUpdateItems, updateItem } from './update-items';

const itemParamsSchema = z.strictObject({ id: z.uuid() });

function isEmptyIdList(body: unknown): boolean {
  return typeof body === 'object' && body !== null && Array.isArray((body as { ids?: unknown }).ids)
    ? (body as { ids: unknown[] }).ids.length === 0
    : false;
}

/** PATCH one item, POST a bulk update (spec §4, §7, §8) and POST an undo of either (issue 12). */
export async function itemUpdateRoutes(app: FastifyInstance): Promise<void> {
  app.patch('/api/triage/items/:id', async (request) => {
    const user = requireUser(request, 'update triage items');
    const { id } = parseInput(itemParamsSchema, request.params);
    const patch = parseInput(itemPatchSchema, request.body);
    return updateItem(app, user.id, id, patch);
  });

  app.post('/api/triage/items/bulk-update', async (request) => {
    const user = requireUser(request, 'update triage items');
    // Spec §5 words the empty selection exactly; the schema's own wording would prefix the field name.
    if (isEmptyIdList(request.body)) throw badRequest(NO_ITEMS_SELECTED);
    const body = parseInput(bulkUpdateSchema, request.body);
    return bulkUpdateItems(app, user.id, body);
  });

  app.post('/api/triage/actions/:id/undo', async (request) => {
    const user = requireUser(request, 'undo triage actions');
    const { id } = parseInput(itemParamsSchema, request.params);
    return undoAction(app, user.id, id, new Date());
  });
}
