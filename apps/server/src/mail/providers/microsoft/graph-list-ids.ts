import type { MicrosoftConfig } from '../../core/mail-config';
import type { ListIdsInput } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { isProviderError } from '../../core/transport/provider-error';
import { WELL_KNOWN_FOLDERS } from './graph-folders';
import { graphCall, graphMailbox } from './graph-request';

type IdPage = { value?: Array<{ id?: unknown }>; '@odata.nextLink'?: string };

/** Graph allows $top up to 1,000 on a message list; ids only, so a large page stays small. */
const PAGE_SIZE = 500;

/**
 * The ids of a well-known folder's messages received since `since` (reconciliation), following nextLinks.
 * Immutable ids, like every Graph call here, so they compare with the stored ones. A mailbox without an
 * Archive folder has none there.
 */
export async function listGraphIds(
  session: MailSession,
  config: MicrosoftConfig,
  input: ListIdsInput,
): Promise<string[]> {
  const params = new URLSearchParams({
    $select: 'id',
    $filter: `receivedDateTime ge ${input.since.toISOString()}`,
    $top: String(PAGE_SIZE),
  });
  let link: string | undefined =
    `${graphMailbox(session)}/mailFolders/${WELL_KNOWN_FOLDERS[input.folder]}/messages?${params}`;
  const ids: string[] = [];
  while (link) {
    let page: IdPage;
    try {
      page = await graphCall<IdPage>(session, config, link);
    } catch (error) {
      if (input.folder === 'archive' && ids.length === 0 && isProviderError(error, 'not_found')) return [];
      throw error;
    }
    for (const item of page?.value ?? []) if (typeof item.id === 'string' && item.id) ids.push(item.id);
    link = page?.['@odata.nextLink'];
  }
  return ids;
}
