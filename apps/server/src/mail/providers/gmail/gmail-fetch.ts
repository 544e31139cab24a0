import type { gmail_v1 } from '@googleapis/gmail';
import type { GoogleConfig } from '../../core/mail-config';
import type { SyncedMessage } from '../../core/provider';
import type { MailSession } from '../../core/session/mail-session';
import { gmailBatch } from './gmail-batch';
import { toSyncedMessage } from './gmail-message';
import { gmailError } from './gmail-request';

/** messages.get (format=full) for many ids through batches; null for ids Gmail no longer has. */
export async function fetchGmailMessages(
  session: MailSession,
  config: GoogleConfig,
  ids: readonly string[],
): Promise<Map<string, SyncedMessage | null>> {
  const unique = [...new Set(ids)];
  const responses = await gmailBatch(
    session,
    config,
    unique.map((id, index) => ({
      id: `m${index}`,
      method: 'GET',
      path: `/gmail/v1/users/me/messages/${encodeURIComponent(id)}?format=full`,
    })),
  );
  const result = new Map<string, SyncedMessage | null>();
  unique.forEach((id, index) => {
    const response = responses.get(`m${index}`);
    if (!response || response.status === 404) {
      result.set(id, null);
      return;
    }
    const body = JSON.parse(response.body || '{}');
    if (response.status >= 300) throw gmailError(response.status, body);
    result.set(id, toSyncedMessage(body as gmail_v1.Schema$Message));
  });
  return result;
}
