// Writing to the outbox (decision 010): always inside the transaction that changes the items, so an action and
// the mailbox changes it implies are stored together or not at all. The action's undo record is triage's
// (features/triage/record-action.ts); the outbox only queues mailbox changes.
import type { TriageItemMetadata, TriageStatus } from '@ledgerdesk/domain/entities';
import type { RuleEffects } from '@ledgerdesk/domain/rules/rule-effects';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/with-user';
import type { MailboxChangeOperation } from '../core/provider';

/** The folder keys of an item's metadata that a clear or a move back changes. */
export type FolderKeys = { mail_folder?: unknown; exchange_folder_state?: unknown };

/**
 * What an item was before an action: Undo and a refused change put it back. `type` only when the action changed
 * it (a rule's Move to Notifications).
 */
export type ItemSnapshot = {
  id: string;
  status: TriageStatus;
  isRead: boolean;
  folder: FolderKeys;
  type?: 'email' | 'mention' | 'notification';
  /** A rule's Assign, Set client and Add to work on the item's thread: Undo takes them back (decision 025). */
  ruleEffects?: RuleEffects;
};

export type QueuedChange = {
  itemId: string | null;
  integrationId: string;
  messageId: string;
  operation: MailboxChangeOperation;
  /** The item's state to restore if the provider refuses the change for good. */
  previous: Omit<ItemSnapshot, 'id'> | null;
};

export function folderKeysOf(metadata: TriageItemMetadata | null | undefined): FolderKeys {
  const keys: FolderKeys = {};
  if (metadata && 'mail_folder' in metadata) keys.mail_folder = metadata.mail_folder;
  if (metadata && 'exchange_folder_state' in metadata)
    keys.exchange_folder_state = metadata.exchange_folder_state;
  return keys;
}

/** The folder a message is in once a change reached it; null for a read-state change, which moves nothing. */
export function folderAfter(operation: MailboxChangeOperation): 'archive' | 'inbox' | null {
  if (operation === 'archive') return 'archive';
  if (operation === 'unarchive') return 'inbox';
  return null;
}

/** Queues mailbox changes in the caller's transaction, in the given order (ids keep that order per mailbox). */
export async function queueMailboxChanges(
  tx: Tx,
  userId: string,
  actionId: string | null,
  changes: readonly QueuedChange[],
): Promise<void> {
  await queueActionChanges(
    tx,
    userId,
    changes.map((change) => ({ ...change, actionId })),
  );
}

/** Queues the changes of several actions of one owner at once, each naming its own action, in the given order. */
export async function queueActionChanges(
  tx: Tx,
  userId: string,
  changes: readonly (QueuedChange & { actionId: string | null })[],
): Promise<void> {
  if (changes.length === 0) return;
  const payload = changes.map((change, position) => ({
    position,
    action_id: change.actionId,
    item_id: change.itemId,
    integration_id: change.integrationId,
    message_id: change.messageId,
    operation: change.operation,
    previous: change.previous,
  }));
  await tx.execute(sql`
    insert into mailbox_changes
      (user_id, email_integration_id, triage_item_id, action_id, email_message_id, operation, previous)
    select ${userId}, p.integration_id, p.item_id, p.action_id, p.message_id, p.operation, p.previous
    from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as p(position int, action_id uuid, item_id uuid,
      integration_id uuid, message_id text, operation text, previous jsonb)
    order by p.position`);
}
