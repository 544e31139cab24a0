import type { MicrosoftConfig } from '../../core/mail-config';
import type { MailSession } from '../../core/session/mail-session';
import { graphCall, graphMailbox } from './graph-request';

/**
 * Ledgerdesk's own single-value extended property on every message it sends through Graph (decision 029): a
 * named string property in our own property set (extended-properties-overview: `{type} {guid} Name {name}`).
 * Graph does not let sendMail set internetMessageId, but it keeps extended properties on the Sent Items copy.
 */
export const SEND_ID_PROPERTY = 'String {bd4456b7-23fe-4cc5-b24e-f357f96cc82b} Name LedgerdeskSendId';

/** The property to put in sendMail's / reply's `message`. */
export function sendIdProperty(sendId: string) {
  return { singleValueExtendedProperties: [{ id: SEND_ID_PROPERTY, value: sendId }] };
}

/**
 * Whether the mailbox's Sent Items holds the message with this identity: the documented filter on a string
 * extended property (singlevaluelegacyextendedproperty-get), one id asked back.
 */
export async function isInGraphSent(
  session: MailSession,
  config: MicrosoftConfig,
  sendId: string,
  mailbox = graphMailbox(session),
): Promise<boolean> {
  const filter = `singleValueExtendedProperties/Any(ep: ep/id eq '${SEND_ID_PROPERTY}' and ep/value eq '${sendId}')`;
  const query = new URLSearchParams({ $filter: filter, $select: 'id', $top: '1' });
  const page = await graphCall<{ value?: unknown[] }>(
    session,
    config,
    `${mailbox}/mailFolders/sentitems/messages?${query.toString().replace(/\+/g, '%20')}`,
  );
  return (page.value ?? []).length > 0;
}
