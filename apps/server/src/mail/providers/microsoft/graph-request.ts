import type { MicrosoftConfig } from '../../core/mail-config';
import { authorizedFetch } from '../../core/session/authorized-fetch';
import type { MailSession } from '../../core/session/mail-session';
import { kindForStatus, ProviderError, readJsonAnswer } from '../../core/transport/provider-error';
import { parseRetryAfter } from '../../core/transport/retry-policy';

/** Sent on every Graph call so ids survive moves between folders (archive, unarchive). */
export const IMMUTABLE_ID_PREFERENCE = 'IdType="ImmutableId"';

export type GraphCall = {
  method?: string;
  body?: unknown;
  prefer?: string[];
  /** false for sendMail / reply: never repeated blindly (decision 029). */
  isIdempotent?: boolean;
};

type GraphErrorBody = { error?: { code?: string; message?: string } };

const CURSOR_EXPIRED_CODES = /SyncStateNotFound|SyncStateInvalid|resyncRequired|ErrorInvalidSyncStateData/i;

/** `/me/...` below the configured Graph root, or an absolute link Graph handed out (nextLink, deltaLink). */
export function graphUrl(config: MicrosoftConfig, pathOrLink: string): string {
  if (!/^https?:\/\//i.test(pathOrLink)) return `${config.graphUrl}/v1.0${pathOrLink}`;
  // A stored link only ever goes back to the configured Graph host, never elsewhere with our token.
  if (new URL(pathOrLink).origin !== new URL(config.graphUrl).origin) {
    throw new ProviderError('cursor_expired', 'The stored Graph link points to another host.');
  }
  return pathOrLink;
}

/**
 * The mailbox a session's Graph paths start from: `/me`, or `/users/{address}` for a shared mailbox opened with
 * the user's own token (delegated access, decision 024).
 */
export function graphMailbox(session: Pick<MailSession, 'sharedMailbox'>): string {
  return session.sharedMailbox ? `/users/${encodeURIComponent(session.sharedMailbox)}` : '/me';
}

/** The Prefer header: immutable ids always, plus any per-call preference. */
export function preferHeader(extra: readonly string[] = []): string {
  return [IMMUTABLE_ID_PREFERENCE, ...extra].join(', ');
}

/** A Graph error answer as a ProviderError (410 and sync-state codes mean an expired delta link). */
export async function graphError(response: Response): Promise<ProviderError> {
  const body = (await response.json().catch(() => ({}))) as GraphErrorBody;
  const code = body.error?.code ?? `http_${response.status}`;
  const message = `${code}: ${body.error?.message ?? response.statusText}`;
  const kind =
    response.status === 410 || CURSOR_EXPIRED_CODES.test(code)
      ? 'cursor_expired'
      : kindForStatus(response.status);
  return new ProviderError(
    kind,
    message,
    response.status,
    code,
    parseRetryAfter(response.headers.get('retry-after')),
  );
}

/** Calls Graph and answers the parsed JSON (or null for 202/204); errors throw ProviderError. */
export async function graphCall<T>(
  session: MailSession,
  config: MicrosoftConfig,
  pathOrLink: string,
  call: GraphCall = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', prefer: preferHeader(call.prefer) };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const response = await authorizedFetch(session, graphUrl(config, pathOrLink), {
    method: call.method ?? 'GET',
    headers,
    body: call.body === undefined ? null : JSON.stringify(call.body),
    ...(call.isIdempotent === false ? { isIdempotent: false } : {}),
  });
  if (!response.ok) throw await graphError(response);
  if (response.status === 202 || response.status === 204) return null as T;
  return readJsonAnswer<T>(response, 'Microsoft Graph');
}
