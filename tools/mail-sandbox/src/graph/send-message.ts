import { newInternetMessageId } from '../seed/identity';
import { insertMessage } from '../store/message-ops';
import type { AttachmentSpec, Mailbox, StoredMessage } from '../store/types';
import type { Address } from '../util/address';
import { cryptoIdSource, graphConversationId, graphImmutableId, graphMessageId } from '../util/ids';

export type GraphOutgoing = {
  subject: string;
  body: { contentType: 'html' | 'text'; content: string };
  to: Address[];
  cc: Address[];
  bcc: Address[];
  attachments: AttachmentSpec[];
  headers?: { name: string; value: string }[];
  extendedProperties?: { id: string; value: string }[];
  conversationId?: string;
  inReplyTo?: string;
  references: string[];
  /** The delegate who sent it on the mailbox's behalf; absent when sent as the mailbox itself. */
  sender?: Address;
  /** The mailbox it appears to be from, when a delegate sent it through their own (`/me`); else the owner. */
  from?: Address;
  saveToSentItems: boolean;
};

/** Sends as the mailbox owner: a copy in Sent Items, and one in the Inbox when the owner is a recipient. */
export function sendGraphMessage(
  mailbox: Mailbox,
  outgoing: GraphOutgoing,
  now: number,
): StoredMessage | undefined {
  const owner: Address = { name: mailbox.displayName, address: mailbox.address };
  const conversationId = outgoing.conversationId ?? graphConversationId(cryptoIdSource);
  const internetMessageId = newInternetMessageId(cryptoIdSource, mailbox.address);
  const base = {
    threadId: conversationId,
    internetMessageId,
    subject: outgoing.subject,
    from: outgoing.from ?? owner,
    to: outgoing.to,
    cc: outgoing.cc,
    bcc: outgoing.bcc,
    receivedAt: now,
    sentAt: now,
    labels: [],
    inReplyTo: outgoing.inReplyTo,
    references: outgoing.references,
    body: { kind: 'static' as const, ...outgoing.body },
    attachments: outgoing.attachments,
    customHeaders: outgoing.headers,
    ...(outgoing.extendedProperties ? { extendedProperties: outgoing.extendedProperties } : {}),
    ...(outgoing.sender ? { sender: outgoing.sender } : {}),
  };
  const ids = () => ({ id: graphMessageId(cryptoIdSource), immutableId: graphImmutableId(cryptoIdSource) });
  const sent = outgoing.saveToSentItems
    ? insertMessage(mailbox, { ...ids(), ...base, folder: 'sent', isRead: true }, true)
    : undefined;
  const isToSelf = [...outgoing.to, ...outgoing.cc, ...outgoing.bcc].some(
    (a) => a.address === mailbox.address,
  );
  if (isToSelf) insertMessage(mailbox, { ...ids(), ...base, folder: 'inbox', isRead: false }, true);
  return sent;
}
