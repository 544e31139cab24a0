import type { Address } from '../util/address';

export type Provider = 'office365' | 'gmail';
export type FolderKey = 'inbox' | 'sent' | 'archive' | 'trash';
export const FOLDER_KEYS: readonly FolderKey[] = ['inbox', 'sent', 'archive', 'trash'];

export type AttachmentSpec = {
  id: string;
  name: string;
  contentType: string;
  size: number;
  isInline: boolean;
  contentId?: string;
  /** Explicit bytes (control API); otherwise generated from seed and size when fetched. */
  content?: Buffer;
  seed: number;
};

/** Seeded bodies are rendered from templates on demand to keep 100k-message mailboxes small. */
export type BodySource =
  | { kind: 'static'; contentType: 'html' | 'text'; content: string }
  | {
      kind: 'generated';
      seed: number;
      topic: number;
      client: number;
      step: number;
      isHtml: boolean;
      isFromOwner: boolean;
      /** Thread start (ms), which fixes the month and year the text talks about. */
      anchor: number;
    };

export type StoredMessage = {
  /** Position in Mailbox.messages; also the stable internal key. */
  serial: number;
  /** Graph REST id (changes on move) or Gmail id. */
  id: string;
  /** Graph immutable id; equals id for Gmail. */
  immutableId: string;
  threadId: string;
  internetMessageId: string;
  subject: string;
  from: Address;
  to: Address[];
  cc: Address[];
  bcc: Address[];
  receivedAt: number;
  sentAt: number;
  /** Graph: the truth. Gmail: derived from labels (INBOX, SENT, TRASH, else archive). */
  folder: FolderKey;
  /** Gmail label ids except UNREAD (which mirrors isRead); empty for Graph. */
  labels: string[];
  isRead: boolean;
  inReplyTo: string | undefined;
  references: string[];
  /** Who actually sent it when not the From address (a delegate sending on behalf of a shared mailbox). */
  sender?: Address;
  /** Custom `X-` headers given when the message was sent (Graph internetMessageHeaders, Gmail raw). */
  customHeaders?: { name: string; value: string }[];
  /** Graph single-value extended properties set when the message was sent (`{type} {guid} Name {name}` ids). */
  extendedProperties?: { id: string; value: string }[];
  body: BodySource;
  attachments: AttachmentSpec[];
  /** Sequence number of the last change (Gmail historyId, Graph changeKey). */
  changeSeq: number;
  createdSeq: number;
  /** Time of the last change (ms). */
  modifiedAt: number;
};

export type ChangeKind = 'added' | 'deleted' | 'updated' | 'moved' | 'labels';

export type ChangeRecord = {
  seq: number;
  serial: number;
  kind: ChangeKind;
  /** Folder after the change (before it for deletions). */
  folder: FolderKey;
  /** Folder the message left on a move. */
  fromFolder?: FolderKey;
  /** Graph REST id the message had before the change (deletions, moves). */
  previousId?: string;
  immutableId: string;
  id: string;
  threadId: string;
  /** Gmail labels after the change. */
  labelIds: string[];
  labelsAdded?: string[];
  labelsRemoved?: string[];
  /** Left out of Graph delta and Gmail history (control API: a change the provider lost); listings still show it. */
  isHiddenFromChanges?: boolean;
};

export type FolderCounts = Record<FolderKey, { total: number; unread: number }>;

export type Mailbox = {
  address: string;
  displayName: string;
  provider: Provider;
  /** Graph user id (guid). */
  userId: string;
  /** Changes whenever the mailbox is (re)created, so old cursors stop working. */
  epoch: string;
  hasArchive: boolean;
  folderIds: Record<FolderKey, string>;
  rootFolderId: string;
  messages: (StoredMessage | undefined)[];
  byId: Map<string, StoredMessage>;
  byInternetMessageId: Map<string, StoredMessage>;
  threads: Map<string, Set<StoredMessage>>;
  counts: FolderCounts;
  liveCount: number;
  seq: number;
  /** Cursors (history ids, delta tokens) issued before this sequence number are expired. */
  cursorFloor: number;
  log: ChangeRecord[];
  /**
   * A Microsoft 365 shared mailbox: nobody signs in as it; users of its tenant (same domain) open it with their own
   * token as their delegate entry allows. Absent for a user's own mailbox.
   */
  shared?: { delegates: Record<string, SharedDelegate> };
  /** Gmail users.watch (persisted with the mailbox): what changes are published to which topic, until when. */
  gmailWatch?: GmailWatch;
};

/** Full access (read and write), read-only (a Reviewer folder permission), or none; plus the send rights. */
export type SharedAccess = 'full' | 'read' | 'none';
export type SharedDelegate = { access: SharedAccess; sendAs: boolean; sendOnBehalf: boolean };

export type GmailWatch = {
  topicName: string;
  labelIds: string[];
  labelFilterBehavior: 'include' | 'exclude';
  /** Epoch ms after which nothing is published. */
  expiration: number;
  /** History id up to which changes were considered for publishing. */
  notifiedSeq: number;
  /** When the last notification was published (Gmail sends at most one a second per user). */
  lastPublishedAt: number;
};
