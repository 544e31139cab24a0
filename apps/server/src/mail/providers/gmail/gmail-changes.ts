import type { gmail_v1 } from '@googleapis/gmail';
import type { GoogleConfig } from '../../core/mail-config';
import type { Change, ChangePage, ListChangesInput } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { sleep } from '../../core/transport/fetch-with-retry';
import { isProviderError, ProviderError } from '../../core/transport/provider-error';
import { formatGmailCursor, parseGmailCursor } from './gmail-cursor';
import { fetchGmailMessages } from './gmail-fetch';
import { HISTORY_TYPES, planHistoryPage } from './gmail-history-plan';
import { gmailCall } from './gmail-request';

/**
 * history.list right after a notification can come back empty (a known Gmail race, gogcli #379/#115): while the
 * read is empty and the stored history id is behind the notified one, read again this many times, this far apart.
 */
export const HINT_RETRIES = 2;
export const HINT_RETRY_DELAY_MS = 1_200;

/**
 * One page of the mailbox stream. Without a cursor: a full listing (messages.list since `since`), which first
 * records the mailbox's history id so changes made while listing are replayed afterwards. With one:
 * history.list from the stored id; Google's 404 for a history id it no longer keeps means "expired".
 */
export async function listGmailChanges(
  session: MailSession,
  config: GoogleConfig,
  input: ListChangesInput,
): Promise<ChangePage> {
  const cursor = parseGmailCursor(input.cursor);
  if (!cursor || cursor.mode === 'full') {
    const historyId = cursor?.historyId ?? (await currentHistoryId(session, config));
    return listingPage(session, config, input, historyId, cursor?.pageToken);
  }
  return historyPage(session, config, input, cursor.historyId, cursor.pageToken);
}

/** Whether an empty first read is still behind the history id a notification announced. */
function isBehindHint(
  answer: gmail_v1.Schema$ListHistoryResponse,
  start: string,
  hint: string | undefined,
): boolean {
  if (!hint || !/^\d+$/.test(hint) || (answer.history?.length ?? 0) > 0 || answer.nextPageToken) return false;
  return BigInt(start) < BigInt(hint);
}

async function currentHistoryId(session: MailSession, config: GoogleConfig): Promise<string> {
  const profile = await gmailCall<gmail_v1.Schema$Profile>(session, config, '/users/me/profile');
  return profile.historyId ?? '1';
}

/** session.memo key of a full listing's page fetched ahead (the same cursor, size and window). */
const aheadKey = (cursor: string, input: ListChangesInput) =>
  `gmail-listing-ahead:${cursor}:${input.pageSize}:${input.since.getTime()}`;

/**
 * A page of the full listing. While the engine stores it, the next page is already fetched (one request at a
 * time still: the next fetch starts when this one has answered), so a first sync waits for Gmail and for the
 * database in turn no longer. A page fetched ahead that the run never asks for (its budget ran out) is lost:
 * one page's quota at most. A failed fetch ahead is simply made again when asked for.
 */
async function listingPage(
  session: MailSession,
  config: GoogleConfig,
  input: ListChangesInput,
  historyId: string,
  pageToken: string | undefined,
): Promise<ChangePage> {
  const key = input.cursor ? aheadKey(input.cursor, input) : null;
  const ahead = key ? (session.memo.get(key) as Promise<ChangePage | null> | undefined) : undefined;
  if (key) session.memo.delete(key);
  const page = (await ahead) ?? (await listPage(session, config, input, historyId, pageToken));
  const next = parseGmailCursor(page.cursor);
  if (!page.isComplete && next?.mode === 'full') {
    const fetching = listPage(session, config, { ...input, cursor: page.cursor }, historyId, next.pageToken);
    session.memo.set(
      aheadKey(page.cursor, input),
      fetching.catch(() => null),
    );
  }
  return page;
}

async function listPage(
  session: MailSession,
  config: GoogleConfig,
  input: ListChangesInput,
  historyId: string,
  pageToken: string | undefined,
): Promise<ChangePage> {
  const list = await gmailCall<gmail_v1.Schema$ListMessagesResponse>(session, config, '/users/me/messages', {
    query: {
      q: `after:${Math.floor(input.since.getTime() / 1000)}`,
      maxResults: String(input.pageSize),
      pageToken,
    },
  });
  const ids = (list.messages ?? []).map((message) => message.id ?? '').filter(Boolean);
  const messages = await fetchGmailMessages(session, config, ids);
  const changes: Change[] = ids.map((id) => {
    const message = messages.get(id);
    return message ? { kind: 'upsert', message } : { kind: 'deleted', id };
  });
  const next = list.nextPageToken;
  return next
    ? { changes, cursor: formatGmailCursor({ mode: 'full', historyId, pageToken: next }), isComplete: false }
    : { changes, cursor: formatGmailCursor({ mode: 'history', historyId }), isComplete: true };
}

async function historyPage(
  session: MailSession,
  config: GoogleConfig,
  input: ListChangesInput,
  startHistoryId: string,
  pageToken: string | undefined,
): Promise<ChangePage> {
  const read = async (): Promise<gmail_v1.Schema$ListHistoryResponse> => {
    try {
      return await gmailCall(session, config, '/users/me/history', {
        query: {
          startHistoryId,
          historyTypes: [...HISTORY_TYPES],
          maxResults: String(Math.min(500, input.pageSize)),
          pageToken,
        },
      });
    } catch (error) {
      if (isProviderError(error, 'not_found')) {
        throw new ProviderError('cursor_expired', `history id ${startHistoryId} is too old`, 404, 'notFound');
      }
      throw error;
    }
  };
  let answer = await read();
  const hint = pageToken ? undefined : input.hint;
  for (let retry = 0; retry < HINT_RETRIES && isBehindHint(answer, startHistoryId, hint); retry++) {
    await sleep(HINT_RETRY_DELAY_MS);
    answer = await read();
  }
  const { deleted, gone, fetch } = planHistoryPage(answer.history ?? []);
  const messages = await fetchGmailMessages(session, config, fetch);
  const changes: Change[] = [...deleted, ...gone].map((id) => ({ kind: 'deleted', id }));
  for (const id of fetch) {
    const message = messages.get(id);
    changes.push(message ? { kind: 'upsert', message } : { kind: 'deleted', id });
  }
  const next = answer.nextPageToken;
  if (next) {
    return {
      changes,
      cursor: formatGmailCursor({ mode: 'history', historyId: startHistoryId, pageToken: next }),
      isComplete: false,
    };
  }
  return {
    changes,
    cursor: formatGmailCursor({ mode: 'history', historyId: answer.historyId ?? startHistoryId }),
    isComplete: true,
  };
}
