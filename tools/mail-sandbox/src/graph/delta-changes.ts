import { firstChangeAfter } from '../store/change-log';
import type { FolderKey, Mailbox, StoredMessage } from '../store/types';

/**
 * `isStateOnly`: the message was only updated in place (read state, flags) since the round's start. Graph then
 * may answer only `id`, `isRead` and `parentFolderId` whatever the `$select` (microsoftgraph/microsoft-graph-docs
 * issue 7776), and so does the sandbox.
 */
export type DeltaEntry =
  | { kind: 'present'; message: StoredMessage; isStateOnly?: boolean }
  | { kind: 'removed'; id: string };

/**
 * Changes to one folder in (from, to]: messages now in the folder that were added, moved in or updated,
 * and ids that left it (deleted or moved out; Graph reports both as @removed "deleted").
 */
export function collectDeltaChanges(
  mailbox: Mailbox,
  folder: FolderKey,
  from: number,
  to: number,
  isImmutable: boolean,
  changeType?: 'created' | 'updated' | 'deleted',
): DeltaEntry[] {
  const present = new Map<number, StoredMessage>();
  const removed = new Map<string, number>();
  const reshaped = new Set<number>();
  for (let i = firstChangeAfter(mailbox, from); i < mailbox.log.length; i++) {
    const record = mailbox.log[i];
    if (!record || record.seq > to) break;
    if (record.isHiddenFromChanges) continue;
    const leftFolder =
      (record.kind === 'deleted' && record.folder === folder) ||
      (record.fromFolder === folder && record.folder !== folder);
    if (leftFolder)
      removed.set(isImmutable ? record.immutableId : (record.previousId ?? record.id), record.serial);
    if (record.kind !== 'updated') reshaped.add(record.serial);
    if (record.kind !== 'deleted' && record.folder === folder) {
      const message = mailbox.messages[record.serial];
      if (message && message.folder === folder) present.set(message.serial, message);
    }
  }
  const entries: DeltaEntry[] = [];
  for (const [id, serial] of removed) {
    const current = present.get(serial);
    const stillVisible = current && (isImmutable ? current.immutableId : current.id) === id;
    if (!stillVisible && changeType !== 'created' && changeType !== 'updated')
      entries.push({ kind: 'removed', id });
  }
  for (const message of present.values()) {
    if (changeType === 'deleted') continue;
    if (changeType) {
      const isCreated = message.createdSeq > from || wasMovedIn(mailbox, message, folder, from, to);
      if ((changeType === 'created') !== isCreated) continue;
    }
    const isStateOnly = !reshaped.has(message.serial) && message.createdSeq <= from;
    entries.push({ kind: 'present', message, ...(isStateOnly ? { isStateOnly } : {}) });
  }
  return entries;
}

function wasMovedIn(
  mailbox: Mailbox,
  message: StoredMessage,
  folder: FolderKey,
  from: number,
  to: number,
): boolean {
  for (let i = firstChangeAfter(mailbox, from); i < mailbox.log.length; i++) {
    const record = mailbox.log[i];
    if (!record || record.seq > to) return false;
    if (record.serial === message.serial && record.folder === folder && record.fromFolder !== undefined) {
      return record.fromFolder !== folder;
    }
  }
  return false;
}
