import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import type { Message } from '@microsoft/microsoft-graph-types';
import type { MicrosoftConfig } from '../../core/mail-config';
import type { Change, ChangePage, ListChangesInput } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { isProviderError } from '../../core/transport/provider-error';
import { graphLookup } from './graph-actions';
import { formatGraphDeltaCursor, type GraphDeltaCursor, parseGraphDeltaCursor } from './graph-delta-cursor';
import { WELL_KNOWN_FOLDERS } from './graph-folders';
import { SYNC_SELECT, TEXT_BODY_PREFERENCE, toSyncedMessage } from './graph-message';
import { graphCall, graphMailbox } from './graph-request';

type DeltaPage = {
  value?: Array<Message & { '@removed'?: { reason?: string } }>;
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
};

/** The first request of a folder's delta round: messages received since `since`, newest state per message. */
export function initialDeltaPath(
  folder: keyof typeof WELL_KNOWN_FOLDERS,
  since: Date,
  mailbox = '/me',
): string {
  const params = new URLSearchParams({
    $select: SYNC_SELECT,
    $filter: `receivedDateTime ge ${since.toISOString()}`,
  });
  return `${mailbox}/mailFolders/${WELL_KNOWN_FOLDERS[folder]}/messages/delta?${params}`;
}

/**
 * "Applying $filter in a delta query returns only up to 5,000 messages" (Graph, delta-query-messages.md): a first
 * round that answers this many may have been cut, so the sync window is then listed as well (decision 031).
 */
export const DELTA_FILTER_LIMIT = 5000;

/** The listing that completes a cut first round: the folder's messages in the window, newest first. */
export function windowListingPath(
  folder: keyof typeof WELL_KNOWN_FOLDERS,
  since: Date,
  pageSize: number,
  mailbox = '/me',
): string {
  const params = new URLSearchParams({
    $select: SYNC_SELECT,
    $filter: `receivedDateTime ge ${since.toISOString()}`,
    $orderby: 'receivedDateTime desc',
    // Graph lists at most 1,000 messages a page.
    $top: String(Math.min(1000, Math.max(1, pageSize))),
  });
  return `${mailbox}/mailFolders/${WELL_KNOWN_FOLDERS[folder]}/messages?${params}`;
}

/**
 * One page of a folder's changes. The cursor is a delta round's nextLink (resume mid-round) or deltaLink (the
 * next incremental round), or one of the first round's own states (graph-delta-cursor.ts). `@removed` entries
 * say the message left the folder: deleted or moved.
 */
export async function listGraphChanges(
  session: MailSession,
  config: MicrosoftConfig,
  input: ListChangesInput,
): Promise<ChangePage> {
  const folder = input.stream.folders[0] ?? 'inbox';
  const mailbox = graphMailbox(session);
  const cursor: GraphDeltaCursor = input.cursor
    ? parseGraphDeltaCursor(input.cursor)
    : { phase: 'first-round', link: initialDeltaPath(folder, input.since, mailbox), seen: 0 };
  let page: DeltaPage;
  try {
    page = await graphCall<DeltaPage>(session, config, cursor.link, {
      prefer: [`odata.maxpagesize=${input.pageSize}`, TEXT_BODY_PREFERENCE],
    });
  } catch (error) {
    // A mailbox without an Archive folder has nothing to sync there; archiving reports the missing folder.
    if (!input.cursor && folder === 'archive' && isProviderError(error, 'not_found')) {
      return { changes: [], cursor: '', isComplete: true };
    }
    throw error;
  }
  const items = page.value ?? [];
  const changes = await toChanges(session, config, items, folder);
  const next = page['@odata.nextLink'];
  if (cursor.phase === 'listing') {
    return next
      ? { changes, cursor: formatGraphDeltaCursor({ ...cursor, link: next }), isComplete: false }
      : { changes, cursor: cursor.deltaLink, isComplete: true };
  }
  const seen = cursor.phase === 'first-round' ? cursor.seen + items.length : 0;
  if (next) {
    const nextCursor: GraphDeltaCursor =
      cursor.phase === 'first-round'
        ? { phase: 'first-round', link: next, seen }
        : { phase: 'delta', link: next };
    return { changes, cursor: formatGraphDeltaCursor(nextCursor), isComplete: false };
  }
  const deltaLink = page['@odata.deltaLink'] ?? '';
  if (cursor.phase === 'first-round' && seen >= DELTA_FILTER_LIMIT) {
    // Changes made while the window is listed come with the deltaLink's round, taken before it.
    const link = windowListingPath(folder, input.since, input.pageSize, mailbox);
    return {
      changes,
      cursor: formatGraphDeltaCursor({ phase: 'listing', link, deltaLink }),
      isComplete: false,
    };
  }
  return { changes, cursor: deltaLink, isComplete: true };
}

/**
 * A delta page as changes. A delta item of a mere state change may carry only `id`, `isRead` and
 * `parentFolderId` whatever the `$select` (microsoftgraph/microsoft-graph-docs issue 7776): such items are looked
 * up (one `$batch` for the page) so a row is never written with a blank subject, sender, date or body; one that is
 * gone by then is deleted.
 */
async function toChanges(
  session: MailSession,
  config: MicrosoftConfig,
  items: NonNullable<DeltaPage['value']>,
  folder: SyncFolder,
): Promise<Change[]> {
  const partialIds = items
    .filter((item) => !item['@removed'] && isPartial(item))
    .map((item) => item.id ?? '');
  const current = partialIds.length > 0 ? await graphLookup(session, config, partialIds) : new Map();
  return items.map((item): Change => {
    const id = item.id ?? '';
    if (item['@removed']) return { kind: 'removed', id };
    if (!isPartial(item)) return { kind: 'upsert', message: toSyncedMessage(item, folder) };
    const message = current.get(id);
    return message ? { kind: 'upsert', message } : { kind: 'deleted', id };
  });
}

/** Whether a delta item lacks what a row is written from (absent, not null: Graph sends null for "none"). */
function isPartial(item: Message): boolean {
  return (
    item.subject === undefined ||
    (item.from === undefined && item.sender === undefined) ||
    item.receivedDateTime === undefined ||
    item.body === undefined
  );
}
