import type { Message } from '@microsoft/microsoft-graph-types';
import type { MicrosoftConfig } from '../../core/mail-config';
import type { Change, ChangePage, ListChangesInput } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { isProviderError } from '../../core/transport/provider-error';
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
 * One page of a folder's delta query. The cursor is the nextLink (resume mid-round) or the deltaLink (the
 * next incremental round). `@removed` entries say the message left the folder: deleted or moved.
 */
export async function listGraphChanges(
  session: MailSession,
  config: MicrosoftConfig,
  input: ListChangesInput,
): Promise<ChangePage> {
  const folder = input.stream.folders[0] ?? 'inbox';
  const link = input.cursor || initialDeltaPath(folder, input.since, graphMailbox(session));
  let page: DeltaPage;
  try {
    page = await graphCall<DeltaPage>(session, config, link, {
      prefer: [`odata.maxpagesize=${input.pageSize}`, TEXT_BODY_PREFERENCE],
    });
  } catch (error) {
    // A mailbox without an Archive folder has nothing to sync there; archiving reports the missing folder.
    if (!input.cursor && folder === 'archive' && isProviderError(error, 'not_found')) {
      return { changes: [], cursor: '', isComplete: true };
    }
    throw error;
  }
  const changes: Change[] = (page.value ?? []).map((item) =>
    item['@removed']
      ? { kind: 'removed', id: item.id ?? '' }
      : { kind: 'upsert', message: toSyncedMessage(item, folder) },
  );
  const next = page['@odata.nextLink'];
  return { changes, cursor: next ?? page['@odata.deltaLink'] ?? '', isComplete: !next };
}
