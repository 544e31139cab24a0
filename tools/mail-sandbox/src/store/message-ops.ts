import { appendChange, nextSeq } from './change-log';
import { folderFromLabels } from './mailbox';
import type { FolderKey, Mailbox, StoredMessage } from './types';

export type NewMessage = Omit<StoredMessage, 'serial' | 'changeSeq' | 'createdSeq' | 'modifiedAt'>;

function count(mailbox: Mailbox, message: StoredMessage, delta: 1 | -1): void {
  const counts = mailbox.counts[message.folder];
  counts.total += delta;
  if (!message.isRead) counts.unread += delta;
}

/** Puts a live message in the mailbox's lookups (ids, thread) and counters. */
export function indexMessage(mailbox: Mailbox, message: StoredMessage): void {
  mailbox.byId.set(message.id, message);
  mailbox.byId.set(message.immutableId, message);
  mailbox.byInternetMessageId.set(message.internetMessageId, message);
  const thread = mailbox.threads.get(message.threadId);
  if (thread) thread.add(message);
  else mailbox.threads.set(message.threadId, new Set([message]));
  mailbox.liveCount += 1;
  count(mailbox, message, 1);
}

/** Adds a message; `record` false is for seeding, where no history is wanted. */
export function insertMessage(mailbox: Mailbox, draft: NewMessage, record: boolean): StoredMessage {
  const seq = record ? mailbox.seq + 1 : nextSeq(mailbox);
  // An explicit literal keeps every message on one hidden class (spreads made 100k inserts GC-bound).
  const message: StoredMessage = {
    serial: mailbox.messages.length,
    id: draft.id,
    immutableId: draft.immutableId,
    threadId: draft.threadId,
    internetMessageId: draft.internetMessageId,
    subject: draft.subject,
    from: draft.from,
    to: draft.to,
    cc: draft.cc,
    bcc: draft.bcc,
    receivedAt: draft.receivedAt,
    sentAt: draft.sentAt,
    folder: draft.folder,
    labels: draft.labels,
    isRead: draft.isRead,
    inReplyTo: draft.inReplyTo,
    references: draft.references,
    customHeaders: draft.customHeaders,
    extendedProperties: draft.extendedProperties,
    sender: draft.sender,
    body: draft.body,
    attachments: draft.attachments,
    changeSeq: seq,
    createdSeq: seq,
    modifiedAt: draft.receivedAt,
  };
  mailbox.messages.push(message);
  indexMessage(mailbox, message);
  if (record) {
    appendChange(mailbox, message, { kind: 'added', folder: message.folder });
    message.createdSeq = message.changeSeq;
  }
  return message;
}

/** Permanent deletion (Gmail messages.delete, Graph delete from Deleted Items, control API). */
export function removeMessage(mailbox: Mailbox, message: StoredMessage): void {
  mailbox.messages[message.serial] = undefined;
  mailbox.byId.delete(message.id);
  mailbox.byId.delete(message.immutableId);
  if (mailbox.byInternetMessageId.get(message.internetMessageId) === message) {
    mailbox.byInternetMessageId.delete(message.internetMessageId);
  }
  const thread = mailbox.threads.get(message.threadId);
  thread?.delete(message);
  if (thread?.size === 0) mailbox.threads.delete(message.threadId);
  mailbox.liveCount -= 1;
  count(mailbox, message, -1);
  appendChange(mailbox, message, { kind: 'deleted', folder: message.folder, previousId: message.id });
}

/** Graph move; `newId` is the REST id the message gets in its new folder (unchanged for immutable ids). */
export function moveMessage(
  mailbox: Mailbox,
  message: StoredMessage,
  folder: FolderKey,
  newId: string,
): void {
  const previousId = message.id;
  const fromFolder = message.folder;
  count(mailbox, message, -1);
  message.folder = folder;
  count(mailbox, message, 1);
  if (newId !== previousId) {
    mailbox.byId.delete(previousId);
    message.id = newId;
    mailbox.byId.set(newId, message);
  }
  appendChange(mailbox, message, { kind: 'moved', folder, fromFolder, previousId });
}

/** Graph PATCH of isRead (or other flags): an "updated" change. */
export function updateMessage(mailbox: Mailbox, message: StoredMessage, patch: { isRead?: boolean }): void {
  if (patch.isRead !== undefined && patch.isRead !== message.isRead) {
    count(mailbox, message, -1);
    message.isRead = patch.isRead;
    count(mailbox, message, 1);
  }
  appendChange(mailbox, message, { kind: 'updated', folder: message.folder });
}

/** Gmail label change; UNREAD maps onto isRead. Returns false when nothing changed. */
export function modifyLabels(
  mailbox: Mailbox,
  message: StoredMessage,
  add: readonly string[],
  remove: readonly string[],
): boolean {
  const before = new Set(message.isRead ? message.labels : [...message.labels, 'UNREAD']);
  const after = new Set(before);
  for (const label of add) after.add(label);
  for (const label of remove) if (!add.includes(label)) after.delete(label);
  const labelsAdded = [...after].filter((label) => !before.has(label));
  const labelsRemoved = [...before].filter((label) => !after.has(label));
  if (labelsAdded.length === 0 && labelsRemoved.length === 0) return false;
  count(mailbox, message, -1);
  message.isRead = !after.has('UNREAD');
  message.labels = [...after].filter((label) => label !== 'UNREAD');
  const fromFolder = message.folder;
  message.folder = folderFromLabels(message.labels);
  count(mailbox, message, 1);
  appendChange(mailbox, message, {
    kind: 'labels',
    folder: message.folder,
    fromFolder,
    ...(labelsAdded.length > 0 ? { labelsAdded } : {}),
    ...(labelsRemoved.length > 0 ? { labelsRemoved } : {}),
  });
  return true;
}

/** Live messages, newest first (serial order follows arrival order). */
export function* newestFirst(
  mailbox: Mailbox,
  beforeSerial = Number.POSITIVE_INFINITY,
): Generator<StoredMessage> {
  const start = Math.min(mailbox.messages.length - 1, beforeSerial - 1);
  for (let serial = start; serial >= 0; serial--) {
    const message = mailbox.messages[serial];
    if (message) yield message;
  }
}
