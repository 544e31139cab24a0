import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import type { ImapFlow, MailboxObject } from 'imapflow';
import type { ChangePage, ListChangesInput } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { ProviderError } from '../../core/transport/provider-error';
import { withImap } from './imap-client';
import {
  type FolderSnapshot,
  formatCursor,
  type ImapCursor,
  NO_FOLDER_CURSOR,
  parseCursor,
} from './imap-cursor';
import { fetchParsed, flagsDigest, uidsFrom } from './imap-fetch';
import { findFolders } from './imap-folders';
import { toSyncedMessage } from './imap-message';

type OpenFolder = { client: ImapFlow; box: MailboxObject; folder: SyncFolder; pageSize: number };

/**
 * One page of a folder stream. From scratch: the folder's messages since the window's start, newest first,
 * then the incremental state taken before the listing began. Incremental: new UIDs, flag changes by CONDSTORE
 * (CHANGEDSINCE) or by a flags digest where the server has none. An expunge, a digest that changed, or another
 * UIDVALIDITY expire the cursor: the engine lists the folder again and its sweep removes what is gone.
 */
export function listImapChanges(session: MailSession, input: ListChangesInput): Promise<ChangePage> {
  return withImap(session, async (client) => {
    const folder = input.stream.folders[0] ?? 'inbox';
    const path = (await findFolders(client))[folder];
    if (!path) return { changes: [], cursor: NO_FOLDER_CURSOR, isComplete: true };
    const cursor = input.cursor === null ? null : parseCursor(input.cursor);
    if (input.cursor !== null && !cursor)
      throw new ProviderError('cursor_expired', `The ${folder} folder needs to be listed again.`);
    const box = await client.mailboxOpen(path, { readOnly: true });
    if (cursor && cursor.uidValidity !== String(box.uidValidity))
      throw new ProviderError('cursor_expired', `The ${folder} folder's UIDVALIDITY changed.`);
    const open = { client, box, folder, pageSize: input.pageSize };
    return !cursor || cursor.mode === 'listing'
      ? listingPage(open, cursor, input.since)
      : incrementalPage(open, cursor);
  });
}

async function takeSnapshot(client: ImapFlow, box: MailboxObject): Promise<FolderSnapshot> {
  const modseq = box.highestModseq && !box.noModseq ? String(box.highestModseq) : null;
  return {
    uidNext: box.uidNext,
    modseq,
    exists: box.exists,
    digest: modseq ? null : await flagsDigest(client, box.uidNext, box.exists),
  };
}

async function listingPage(open: OpenFolder, cursor: ImapCursor | null, since: Date): Promise<ChangePage> {
  const { client, box, folder, pageSize } = open;
  const snapshot = cursor?.mode === 'listing' ? cursor.snapshot : await takeSnapshot(client, box);
  const below = cursor?.mode === 'listing' ? cursor.below : snapshot.uidNext;
  const found = box.exists === 0 ? [] : (await client.search({ since }, { uid: true })) || [];
  const uids = found.filter((uid) => uid < below).sort((a, b) => b - a);
  const page = uids.slice(0, pageSize);
  const messages = await fetchParsed(client, page);
  const uidValidity = String(box.uidValidity);
  const isComplete = uids.length <= pageSize;
  const next: ImapCursor = isComplete
    ? { v: 1, uidValidity, mode: 'sync', ...snapshot }
    : { v: 1, uidValidity, mode: 'listing', below: Math.min(...page), snapshot };
  return {
    changes: messages.map((message) => ({
      kind: 'upsert',
      message: toSyncedMessage(message, folder, box.uidValidity),
    })),
    cursor: formatCursor(next),
    isComplete,
  };
}

async function incrementalPage(
  open: OpenFolder,
  cursor: Extract<ImapCursor, { mode: 'sync' }>,
): Promise<ChangePage> {
  const { client, box, folder, pageSize } = open;
  const arrived = await uidsFrom(client, cursor.uidNext, box.exists);
  if (box.exists < cursor.exists + arrived.length)
    throw new ProviderError('cursor_expired', `Messages were removed from the ${folder} folder.`);
  const hasModseq = cursor.modseq !== null && box.highestModseq !== undefined && !box.noModseq;
  let changed: number[] = [];
  if (hasModseq) {
    if (
      box.highestModseq !== undefined &&
      box.highestModseq > BigInt(cursor.modseq ?? '0') &&
      cursor.uidNext > 1
    ) {
      const rows = await client.fetchAll(
        `1:${cursor.uidNext - 1}`,
        { uid: true, flags: true },
        { uid: true, changedSince: BigInt(cursor.modseq ?? '0') },
      );
      changed = rows.map((row) => row.uid).filter((uid) => uid < cursor.uidNext);
    }
  } else if ((await flagsDigest(client, cursor.uidNext, box.exists)) !== cursor.digest) {
    throw new ProviderError('cursor_expired', `Messages of the ${folder} folder changed.`);
  }
  const page = arrived.slice(0, pageSize);
  const isComplete = page.length === arrived.length;
  const uidNext = isComplete ? Math.max(box.uidNext, cursor.uidNext) : (page.at(-1) ?? cursor.uidNext) + 1;
  const modseq = hasModseq && box.highestModseq !== undefined ? String(box.highestModseq) : null;
  const next: ImapCursor = {
    v: 1,
    uidValidity: cursor.uidValidity,
    mode: 'sync',
    uidNext,
    modseq,
    exists: cursor.exists + page.length,
    digest: modseq ? null : await flagsDigest(client, uidNext, box.exists),
  };
  const messages = await fetchParsed(client, [...changed, ...page]);
  return {
    changes: messages.map((message) => ({
      kind: 'upsert',
      message: toSyncedMessage(message, folder, box.uidValidity),
    })),
    cursor: formatCursor(next),
    isComplete,
  };
}
