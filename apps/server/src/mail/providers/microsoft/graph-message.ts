import type { EmailAddress, EmailInThread } from '@ledgerdesk/domain/entities';
import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import type { AutomationSignals } from '@ledgerdesk/domain/triage/automated-mail';
import type { Attachment, Message, Recipient } from '@microsoft/microsoft-graph-types';
import type { SyncedMessage } from '../../core/provider';

/** Properties the sync reads; the body comes as text (Prefer outlook.body-content-type) for preview and mentions. */
export const SYNC_SELECT = [
  'id',
  'conversationId',
  'internetMessageId',
  'subject',
  'from',
  'sender',
  'toRecipients',
  'ccRecipients',
  'receivedDateTime',
  'isRead',
  'hasAttachments',
  'parentFolderId',
  'body',
  // For automated mail (List-Unsubscribe, List-Id, Auto-Submitted, Precedence). A delta of a mere change may
  // leave it out; the message's stored type then stays as it was.
  'internetMessageHeaders',
].join(',');

export const CONTENT_SELECT = [
  'id',
  'subject',
  'from',
  'sender',
  'toRecipients',
  'ccRecipients',
  'bccRecipients',
  'receivedDateTime',
  'body',
  'hasAttachments',
  'isRead',
].join(',');

export const TEXT_BODY_PREFERENCE = 'outlook.body-content-type="text"';

/** A Graph recipient as {name, address}. */
export function toAddress(recipient: Recipient | null | undefined): EmailAddress | null {
  const address = recipient?.emailAddress?.address;
  if (!address) return null;
  return { name: recipient?.emailAddress?.name ?? '', address };
}

function toAddresses(recipients: Recipient[] | null | undefined): EmailAddress[] {
  return (recipients ?? []).map(toAddress).filter((address): address is EmailAddress => address !== null);
}

/** A Graph message as the sync engine stores it. */
export function toSyncedMessage(message: Message, folder: SyncFolder | null): SyncedMessage {
  return {
    id: message.id ?? '',
    threadId: message.conversationId ?? null,
    internetMessageId: message.internetMessageId ?? null,
    subject: message.subject ?? '',
    from: toAddress(message.from ?? message.sender),
    to: toAddresses(message.toRecipients),
    cc: toAddresses(message.ccRecipients),
    receivedAt: message.receivedDateTime ?? new Date(0).toISOString(),
    isRead: message.isRead ?? false,
    folder,
    bodyText: message.body?.content ?? '',
    hasAttachments: message.hasAttachments ?? false,
    // Graph exposes References only through internetMessageHeaders, which delta does not reliably return
    // (and Sent Items never has); threads are grouped by conversationId instead.
    references: [],
    automation: automationOf(message.internetMessageHeaders),
  };
}

/** The automated-mail headers of a Graph message, or null when Graph did not send its headers. */
function automationOf(headers: Message['internetMessageHeaders']): AutomationSignals | null {
  if (!Array.isArray(headers)) return null;
  const value = (name: string) =>
    headers.find((header) => header.name?.toLowerCase() === name)?.value ?? null;
  return {
    listUnsubscribe: value('list-unsubscribe'),
    listId: value('list-id'),
    autoSubmitted: value('auto-submitted'),
    precedence: value('precedence'),
  };
}

/** A Graph message and its (non-inline) attachments as the spec's email object. */
export function toEmailInThread(message: Message, attachments: Attachment[]): EmailInThread {
  const type = message.body?.contentType?.toLowerCase() === 'html' ? 'html' : 'text';
  return {
    id: message.id ?? '',
    subject: message.subject ?? '',
    from: toAddress(message.from ?? message.sender) ?? { name: '', address: '' },
    to: toAddresses(message.toRecipients),
    cc: toAddresses(message.ccRecipients),
    bcc: toAddresses(message.bccRecipients),
    receivedDateTime: message.receivedDateTime ?? '',
    body: { content: message.body?.content ?? '', contentType: type },
    hasAttachments: message.hasAttachments ?? attachments.length > 0,
    attachments: attachments
      .filter((attachment) => !attachment.isInline)
      .map((attachment) => ({
        id: attachment.id ?? '',
        name: attachment.name ?? '',
        size: attachment.size ?? 0,
      })),
    isRead: message.isRead ?? false,
    status: 'available',
  };
}
