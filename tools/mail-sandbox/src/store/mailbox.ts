import { nameFromAddress } from '../util/address';
import { graphMessageId, guid, seededIdSource } from '../util/ids';
import { createRandom } from '../util/prng';
import type { FolderCounts, FolderKey, Mailbox, Provider } from './types';

export type CreateMailboxOptions = {
  address: string;
  provider: Provider;
  hasArchive?: boolean;
  displayName?: string;
};

export function emptyCounts(): FolderCounts {
  return {
    inbox: { total: 0, unread: 0 },
    sent: { total: 0, unread: 0 },
    archive: { total: 0, unread: 0 },
    trash: { total: 0, unread: 0 },
  };
}

/** An empty mailbox; ids of its folders are derived from the address so they survive restarts. */
export function createMailbox(options: CreateMailboxOptions): Mailbox {
  const address = options.address.trim().toLowerCase();
  const ids = seededIdSource(createRandom(`folders:${address}`));
  const folderId = (): string => graphMessageId(ids).replace(/^AAMkAD/, 'AQMkAD');
  const folderIds: Record<FolderKey, string> = {
    inbox: folderId(),
    sent: folderId(),
    archive: folderId(),
    trash: folderId(),
  };
  return {
    address,
    displayName: options.displayName ?? nameFromAddress(address),
    provider: options.provider,
    userId: guid(ids),
    epoch: guid(seededIdSource(createRandom(`${address}:${Date.now()}:${Math.random()}`))),
    hasArchive: options.hasArchive ?? true,
    folderIds,
    rootFolderId: folderId(),
    messages: [],
    byId: new Map(),
    byInternetMessageId: new Map(),
    threads: new Map(),
    counts: emptyCounts(),
    liveCount: 0,
    seq: 1000,
    cursorFloor: 0,
    log: [],
  };
}

/** Gmail folders are views over labels. */
export function folderFromLabels(labels: readonly string[]): FolderKey {
  if (labels.includes('TRASH')) return 'trash';
  if (labels.includes('INBOX')) return 'inbox';
  if (labels.includes('SENT')) return 'sent';
  return 'archive';
}

export function labelsForFolder(folder: FolderKey): string[] {
  if (folder === 'inbox') return ['INBOX'];
  if (folder === 'sent') return ['SENT'];
  if (folder === 'trash') return ['TRASH'];
  return [];
}

/** Resolves a Graph folder id or a sandbox folder key. */
export function folderKeyFromId(mailbox: Mailbox, folderId: string): FolderKey | undefined {
  for (const [key, id] of Object.entries(mailbox.folderIds) as [FolderKey, string][]) {
    if (id === folderId) return key;
  }
  return undefined;
}
