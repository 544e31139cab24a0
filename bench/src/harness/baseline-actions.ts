import type { ItemPatch } from '@ledgerdesk/domain/api/triage';
import { type ItemUpdatePlan, planItemUpdate } from '@ledgerdesk/domain/triage/plan-item-update';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../apps/server/src/auth/require-user';
import { withUser } from '../../../apps/server/src/db/with-user';
import {
  loadUpdatableItems,
  type StoredItem,
  type WriteRow,
  writeItems,
} from '../../../apps/server/src/features/triage/item-writes';
import { runBounded } from '../../../apps/server/src/features/triage/run-bounded';
import {
  archiveMessage,
  type MailContext,
  setMessageReadState,
  unarchiveMessage,
} from '../../../apps/server/src/mail/testing';

/** The old path ran this many mailbox calls of one bulk update at once. */
const OLD_MAILBOX_CONCURRENCY = 6;

async function mailboxFirst(ctx: MailContext, item: StoredItem, plan: ItemUpdatePlan, row: WriteRow) {
  const integrationId = item.emailIntegrationId;
  let messageId = item.emailMessageId;
  if (!integrationId || !messageId) return;
  for (const operation of plan.mailbox) {
    if (operation === 'read') {
      await setMessageReadState(ctx, { integrationId, messageId, isRead: plan.write.isRead === true });
    } else {
      const move = operation === 'archive' ? archiveMessage : unarchiveMessage;
      const moved = await move(ctx, { integrationId, messageId });
      if (moved.newMessageId) messageId = moved.newMessageId;
    }
  }
  if (messageId !== item.emailMessageId) row.emailMessageId = messageId;
}

/**
 * The BASELINE for actions: the path before the outbox (decision 010) as an endpoint — every item's mailbox
 * call first, six at a time inside the request, then the database. Items whose call failed stay unchanged.
 */
export async function baselineActionRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: { ids: string[]; patch: ItemPatch } }>(
    '/api/bench/baseline/bulk-update',
    async (request) => {
      const user = requireUser(request, 'update triage items');
      const { ids, patch } = request.body;
      const ctx = { deps: app.mail, userId: user.id };
      const items = await withUser(app.db, user.id, (tx) => loadUpdatableItems(tx, user.id, ids));
      const entries = items.map((item) => {
        const plan = planItemUpdate(item, patch);
        const row: WriteRow = {
          id: item.id,
          ...plan.write,
          metadataPatch: plan.metadataPatch,
          folderAction: plan.folderAction,
        };
        return { item, plan, row, isOk: true };
      });
      await runBounded(
        entries.filter((entry) => entry.plan.mailbox.length > 0),
        OLD_MAILBOX_CONCURRENCY,
        async (entry) => {
          try {
            await mailboxFirst(ctx, entry.item, entry.plan, entry.row);
          } catch {
            entry.isOk = false;
          }
        },
      );
      const saved = entries.filter((entry) => entry.isOk);
      const updated = await withUser(app.db, user.id, (tx) =>
        writeItems(
          tx,
          user.id,
          saved.map((entry) => entry.row),
          saved.map((entry) => entry.item),
        ),
      );
      return { updated: updated.length, failed: entries.length - saved.length };
    },
  );
}
