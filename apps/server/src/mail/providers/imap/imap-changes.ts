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

type OpenFolder = { client: ImapFlow; box: MailboxObject; folder: SyncFolder; pageSize: number; since: Date };

/**
 * The folder's HIGHESTMODSEQ, only where CONDSTORE is really enabled on this connection. imapflow records a
 * HIGHESTMODSEQ from any SELECT answer (Yahoo sends one without CONDSTORE) but sends CHANGEDSINCE only once
 * CONDSTORE is enabled: without it the "changed since" FETCH would answer every message of the folder.
 */
function modseqOf(client: ImapFlow, box: MailboxObject): bigint | null {
  if (!client.enabled.has('CONDSTORE') || box.noModseq || box.highestModseq === undefined) return null;
  return box.highestModseq;
}

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
    const open = { client, box, folder, pageSize: input.pageSize, since: input.since };
    return !cursor || cursor.mode === 'listing' ? listingPage(open, cursor) : incrementalPage(open, cursor);
  });
}

async function takeSnapshot(client: ImapFlow, box: MailboxObject): Promise<FolderSnapshot> {
  const highest = modseqOf(client, box);
  const modseq = highest ? String(highest) : null;
  return {
    uidNext: box.uidNext,
    modseq,
    exists: box.exists,
    digest: modseq ? null : await flagsDigest(client, box.uidNext, box.exists),
  };
}

async function listingPage(open: OpenFolder, cursor: ImapCursor | null): Promise<ChangePage> {
  const { client, box, folder, pageSize, since } = open;
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
  const highest = modseqOf(client, box);
  const hasModseq = cursor.modseq !== null && highest !== null;
  let changed: number[] = [];
  if (hasModseq) {
    const since = BigInt(cursor.modseq ?? '0');
    if (highest > since && cursor.uidNext > 1) changed = await changedInWindow(open, cursor.uidNext, since);
  } else if ((await flagsDigest(client, cursor.uidNext, box.exists)) !== cursor.digest) {
    throw new ProviderError('cursor_expired', `Messages of the ${folder} folder changed.`);
  }
  const page = arrived.slice(0, pageSize);
  const isComplete = page.length === arrived.length;
  const uidNext = isComplete ? Math.max(box.uidNext, cursor.uidNext) : (page.at(-1) ?? cursor.uidNext) + 1;
  const modseq = hasModseq ? String(highest) : null;
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

/**
 * UIDs below `uidNext` whose flags changed since the mod-sequence, limited to the sync window: a years-old
 * message read in another client (or relabelled) is not stored as an item, and "mark all read" elsewhere costs
 * one window, not the folder.
 */
async function changedInWindow(open: OpenFolder, uidNext: number, since: bigint): Promise<number[]> {
  const { client, since: windowStart } = open;
  const rows = await client.fetchAll(
    `1:${uidNext - 1}`,
    { uid: true, flags: true },
    { uid: true, changedSince: since },
  );
  const changed = rows.map((row) => row.uid).filter((uid) => uid < uidNext);
  if (changed.length === 0) return [];
  const inWindow = new Set((await client.search({ since: windowStart }, { uid: true })) || []);
  return changed.filter((uid) => inWindow.has(uid));
}
