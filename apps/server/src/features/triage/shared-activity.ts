import type { itemPatchSchema } from '@ledgerdesk/domain/api/triage';
import {
  recordsSharedActivity,
  type SharedActivity,
  sharedActionOf,
} from '@ledgerdesk/domain/firm/shared-activity';
import type { z } from 'zod';

type ItemPatch = z.output<typeof itemPatchSchema>;
/** Who acts, by their display name (decision 012: colleagues read "Cleared by Priya Shah", not an address). */
export type Actor = { id: string; name: string };

/**
 * Items of a mailbox shared with the firm (decision 012) are updated as their owner's rows, with the owner's
 * mailbox connection, and say who acted: the server writes `shared_activity` (a client's value is replaced).
 */
export function withSharedActivity(patch: ItemPatch, actor: Actor, at: Date, isShared: boolean): ItemPatch {
  const metadata = { ...(patch.metadata ?? {}) };
  delete metadata.shared_activity;
  // What brought an item to the user (an assignment, a mention) is the server's to say, as is who acted.
  delete metadata.link;
  if (isShared && recordsSharedActivity(patch)) {
    const activity: SharedActivity = {
      action: sharedActionOf(patch),
      by_user_id: actor.id,
      by_name: actor.name,
      at: at.toISOString(),
    };
    metadata.shared_activity = activity;
  }
  return Object.keys(metadata).length > 0 || patch.metadata ? { ...patch, metadata } : patch;
}
