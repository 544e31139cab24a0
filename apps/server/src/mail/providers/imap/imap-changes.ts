import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import type { FetchMessageObject, ImapFlow, MailboxObject } from 'imapflow';
import type { Change, ChangePage, ListChangesInput } from '../../core/provider';
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
import { fetchHeads, fetchParsed, flagsDigest, parseWithSources, uidsFrom } from './imap-fetch';
import { findFolders } from './imap-folders';
import { type ParsedImapMessage, toSyncedMessage } from './imap-message';
import {
  idOfKnown,
  type KnownMessage,
  knownOf,
  knownOfHead,
  mergeKnown,
  passOverWindow,
} from './imap-window-record';

type OpenFolder = {
  client: ImapFlow;
  box: MailboxObject;
  folder: SyncFolder;
  pageSize: number;
  since: Date;
  heldReadStates: ListChangesInput['heldReadStates'];
};

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
 * then the incremental state taken before the listing began, with a record of the window's messages (UID,
 * Message-ID, \Seen). Incremental: new UIDs, flag changes by CONDSTORE (CHANGEDSINCE); an expunge, or any round
 * where the server has no CONDSTORE, adds an id-and-flags pass over the record, which names the gone ids
 * (`deleted`) and the messages whose read state changed (decision 039). Another UIDVALIDITY expires the cursor:
 * the engine lists the folder again and its sweep removes what is gone.
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
    // A listing begun before the window record (decision 039) would end with a record missing its first pages.
    if (cursor?.mode === 'listing' && !cursor.known)
      throw new ProviderError('cursor_expired', `The ${folder} folder needs to be listed again.`);
    const { pageSize, since, heldReadStates } = input;
    const open = { client, box, folder, pageSize, since, heldReadStates };
    return !cursor || cursor.mode === 'listing' ? listingPage(open, cursor) : incrementalPage(open, cursor);
  });
}

function takeSnapshot(client: ImapFlow, box: MailboxObject): FolderSnapshot {
  const highest = modseqOf(client, box);
  return { uidNext: box.uidNext, modseq: highest ? String(highest) : null, exists: box.exists, digest: null };
}

function upserts(messages: readonly ParsedImapMessage[], folder: SyncFolder, box: MailboxObject): Change[] {
  return messages.map((message) => ({
    kind: 'upsert',
    message: toSyncedMessage(message, folder, box.uidValidity),
  }));
}

async function listingPage(open: OpenFolder, cursor: ImapCursor | null): Promise<ChangePage> {
  const { client, box, folder, pageSize, since } = open;
  const snapshot = cursor?.mode === 'listing' ? cursor.snapshot : takeSnapshot(client, box);
  const below = cursor?.mode === 'listing' ? cursor.below : snapshot.uidNext;
  const found = box.exists === 0 ? [] : (await client.search({ since }, { uid: true })) || [];
  const uids = found.filter((uid) => uid < below).sort((a, b) => b - a);
  const page = uids.slice(0, pageSize);
  const messages = await fetchParsed(client, page);
  const uidValidity = String(box.uidValidity);
  const isComplete = uids.length <= pageSize;
  const known = mergeKnown(
    cursor?.mode === 'listing' ? (cursor.known ?? []) : [],
    messages.map(knownOf),
    since,
  );
  const next: ImapCursor = isComplete
    ? { v: 1, uidValidity, mode: 'sync', ...snapshot, known }
    : { v: 1, uidValidity, mode: 'listing', below: Math.min(...page), snapshot, known };
  return { changes: upserts(messages, folder, box), cursor: formatCursor(next), isComplete };
}

async function incrementalPage(
  open: OpenFolder,
  cursor: Extract<ImapCursor, { mode: 'sync' }>,
): Promise<ChangePage> {
  const { client, box, folder, pageSize, since } = open;
  const arrived = await uidsFrom(client, cursor.uidNext, box.exists);
  const isShrunk = box.exists < cursor.exists + arrived.length;
  const highest = modseqOf(client, box);
  const hasModseq = cursor.modseq !== null && highest !== null;
  let changed: number[] = [];
  if (hasModseq) {
    const modseqSince = BigInt(cursor.modseq ?? '0');
    if (highest > modseqSince && cursor.uidNext > 1)
      changed = await changedInWindow(open, cursor.uidNext, modseqSince);
  }
  let known = cursor.known;
  let gone: string[] = [];
  if (known && (isShrunk || !hasModseq)) {
    const pass = await passOverWindow(client, known, folder, cursor.uidValidity);
    known = pass.known;
    gone = pass.gone;
    changed = [...new Set([...changed, ...pass.flagChanged])];
  } else if (isShrunk) {
    throw new ProviderError('cursor_expired', `Messages were removed from the ${folder} folder.`);
  } else if (!hasModseq && (await flagsDigest(client, cursor.uidNext, box.exists)) !== cursor.digest) {
    throw new ProviderError('cursor_expired', `Messages of the ${folder} folder changed.`);
  }
  const page = arrived.slice(0, pageSize);
  const isComplete = page.length === arrived.length;
  const uidNext = isComplete ? Math.max(box.uidNext, cursor.uidNext) : (page.at(-1) ?? cursor.uidNext) + 1;
  // After a pass the read states are known as of now: a server that gained CONDSTORE is read by it from here on.
  const modseq = highest !== null && (hasModseq || known) ? String(highest) : null;
  const heads = await fetchHeads(client, [...changed, ...page], !!open.heldReadStates);
  const fetched = await withoutHeld(open, heads, new Set(gone));
  const messages = await parseWithSources(client, fetched.heads);
  if (known) known = mergeKnown(known, [...fetched.held, ...messages.map(knownOf)], since);
  const next: ImapCursor = {
    v: 1,
    uidValidity: cursor.uidValidity,
    mode: 'sync',
    uidNext,
    modseq,
    exists: known && isShrunk ? existsAfter(box, arrived, page) : cursor.exists + page.length,
    digest: modseq || known ? null : await flagsDigest(client, uidNext, box.exists),
    ...(known ? { known } : {}),
  };
  // Gone ids first: a message deleted and delivered again under the same Message-ID ends as the upsert.
  const deletions: Change[] = gone.map((id) => ({ kind: 'deleted', id }));
  return {
    changes: [...deletions, ...upserts(messages, folder, box)],
    cursor: formatCursor(next),
    isComplete,
  };
}

/**
 * The heads less the messages the engine already holds as they are (same id, same read state): our own clear's
 * message arriving in the Archive, a read state our outbox pushed. Their source is not downloaded; the record
 * keeps them by their envelope (decision 039).
 */
async function withoutHeld(
  open: OpenFolder,
  heads: FetchMessageObject[],
  gone: ReadonlySet<string>,
): Promise<{ heads: FetchMessageObject[]; held: KnownMessage[] }> {
  if (!open.heldReadStates || heads.length === 0) return { heads, held: [] };
  const uidValidity = String(open.box.uidValidity);
  const named = heads.map((head) => {
    const entry = knownOfHead(head);
    return { head, entry, id: idOfKnown(entry, open.folder, uidValidity) };
  });
  const states = await open.heldReadStates(named.map(({ id }) => id));
  // An id this page deletes (deleted, then delivered again) is not held: its upsert must follow the deletion.
  const isHeld = ({ id, entry }: (typeof named)[number]) =>
    !gone.has(id) && states.get(id) === (entry[2] === 1);
  return {
    heads: named.filter((one) => !isHeld(one)).map(({ head }) => head),
    held: named.filter(isHeld).map(({ entry }) => entry),
  };
}

/**
 * The folder's message count the next round expects, after an expunge: EXISTS as the server answered it, less
 * the arrivals it counted that later pages will add, plus those of this page that came after it answered.
 */
function existsAfter(box: MailboxObject, arrived: readonly number[], page: readonly number[]): number {
  const counted = (uid: number) => uid < box.uidNext;
  const unpaged = arrived.slice(page.length).filter(counted).length;
  const pagedAfter = page.filter((uid) => !counted(uid)).length;
  return box.exists - unpaged + pagedAfter;
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
