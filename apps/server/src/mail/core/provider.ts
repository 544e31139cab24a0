// The one interface every mail provider adapter implements (ARCHITECTURE.md "Mail providers").
import type { EmailAddress, EmailInThread, Provider } from '@ledgerdesk/domain/entities';
import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';
import type { SyncCursorKey } from '@ledgerdesk/domain/integrations/sync-cursor-keys';
import type { AutomationSignals } from '@ledgerdesk/domain/triage/automated-mail';
import type { MailSession } from './session/mail-session';

/** Tokens as a provider's token endpoint returns them (plain text; encrypted before they are stored). */
export type TokenSet = {
  accessToken: string;
  /** Null when the provider kept the old refresh token (Google refreshes, usually). */
  refreshToken: string | null;
  expiresAt: Date | null;
  /** Granted scopes; null when the answer did not say. */
  scopes: string[] | null;
};

/** A message as the sync engine stores it: headers, folder and a plain-text body for preview and mentions. */
export type SyncedMessage = {
  id: string;
  threadId: string | null;
  internetMessageId: string | null;
  subject: string;
  from: EmailAddress | null;
  to: EmailAddress[];
  cc: EmailAddress[];
  receivedAt: string;
  isRead: boolean;
  /** The synced folder the message is in now; null when it is in none of them (deleted, spam, drafts…). */
  folder: SyncFolder | null;
  bodyText: string;
  hasAttachments: boolean;
  /** Message ids of References and In-Reply-To, oldest first, without angle brackets. */
  references: string[];
  /**
   * The headers that mark automated mail (domain triage/automated-mail.ts), or null when the provider did not
   * return the message's headers this time (a Graph delta of a read-state change): the stored type then stays.
   */
  automation: AutomationSignals | null;
};

/**
 * `removed`: the message left the stream (deleted or moved elsewhere; the engine looks it up to tell which);
 * `deleted`: the provider says it is gone for good.
 */
export type Change =
  | { kind: 'upsert'; message: SyncedMessage }
  | { kind: 'removed'; id: string }
  | { kind: 'deleted'; id: string };

/**
 * One page of a sync stream. `cursor` resumes right after this page: a continuation while `isComplete` is
 * false, the next incremental cursor once it is true.
 */
export type ChangePage = { changes: Change[]; cursor: string; isComplete: boolean };

/** A unit of incremental sync with its own cursor: one Graph folder, or a whole Gmail mailbox. */
export type SyncStream = {
  key: string;
  folders: SyncFolder[];
  /** Integration metadata key holding the cursor (spec §3: delta_token_inbox/_sent/_archive; Gmail history_id). */
  cursorKey: SyncCursorKey;
};

export type ListChangesInput = {
  stream: SyncStream;
  /** Null starts a full listing of the stream from `since`. */
  cursor: string | null;
  since: Date;
  pageSize: number;
  /**
   * The cursor a push notification announced (Gmail's historyId): changes up to it exist even when the first
   * read does not show them yet, so the adapter may read again briefly (decision 021).
   */
  hint?: string;
  /**
   * The read state of the given ids among the messages the engine holds as last synced (an item with a sync error
   * is left out), for an incremental read: an adapter may skip downloading a message held as it is (decision 039).
   */
  heldReadStates?: (ids: readonly string[]) => Promise<ReadonlyMap<string, boolean>>;
};

/** Which ids a reconciliation lists: one synced folder, messages received since the sync window's start. */
export type ListIdsInput = { folder: SyncFolder; since: Date };

export type OutgoingMail = {
  to: string[];
  cc: string[];
  subject: string;
  /** HTML body. */
  body: string;
  replyType: 'new' | 'reply' | 'replyAll';
  /** Provider id of the message replied to. */
  originalMessageId: string | null;
  threadId: string | null;
  /** Our own identity of this message (a UUID), fixed before its first attempt and kept with it (decision 029). */
  sendId: string;
  /** Whether an earlier attempt may have reached the provider: its Sent folder is looked at before posting. */
  mayHaveBeenSent: boolean;
  /** No attempt of this message started before this time: a Sent copy is looked for from then on. */
  firstAttemptAfter: Date;
};

export type MovedMessage = { id: string };

/** A mailbox change the outbox pushes (decision 010). */
export type MailboxChangeOperation = 'archive' | 'unarchive' | 'read' | 'unread';
export type PushChange = { key: string; messageId: string; operation: MailboxChangeOperation };
/** A change the provider took (with the message's id afterwards) or refused (the error, to classify). */
export type PushOutcome = { ok: true; messageId: string } | { ok: false; error: unknown };

/** A mailbox's live-updates subscription as stored (decision 021): Graph's subscription, or Gmail's watch. */
export type PushSubscription = {
  /** The provider's id (Graph subscription id); null for a Gmail watch. */
  subscriptionId: string | null;
  /** SHA-256 (hex) of the clientState sent with the subscription; null where the channel has none. */
  clientStateHash: string | null;
  expiresAt: Date;
};

/**
 * How a provider pushes news of a mailbox (decision 021). A notification is only a hint: it queues the same
 * incremental sync the poll runs. `start` creates (or replaces) the subscription, `renew` extends it (throws
 * ProviderError kind 'not_found' when the provider no longer has it; the caller then starts again), `stop`
 * removes it (best effort, on disconnect).
 */
export type PushChannel = {
  readonly channel: 'graph-subscription' | 'gmail-watch';
  /** Why this configuration cannot push (in words for Email Integration), or null when it can. */
  unavailableReason(): string | null;
  start(session: MailSession, input: { integrationId: string }): Promise<PushSubscription>;
  renew(session: MailSession, current: PushSubscription): Promise<PushSubscription>;
  stop(session: MailSession, current: PushSubscription): Promise<void>;
};

/**
 * Signing in through a provider's consent page (OAuth 2.0 authorization code with PKCE): Office 365 and Gmail.
 * IMAP mailboxes sign in with a password and have no connector.
 */
export type OAuthConnector = {
  /**
   * The provider's consent URL (authorization-code flow with PKCE S256 and state); `isSharedMailbox` also asks
   * for the delegated shared-mailbox permissions (Microsoft's `.Shared` scopes, decision 024).
   */
  authUrl(input: {
    redirectUri: string;
    state: string;
    codeChallenge: string;
    isSharedMailbox?: boolean;
  }): string;
  /** Redeems an authorization code. */
  exchangeCode(input: {
    code: string;
    redirectUri: string;
    codeVerifier: string;
    isSharedMailbox?: boolean;
  }): Promise<TokenSet>;
  /**
   * Opens the session's mailbox once (Graph: its Inbox), so a shared mailbox the user cannot open is refused with
   * the provider's error before anything is stored (decision 024). Microsoft 365 only.
   */
  probeMailbox?(session: MailSession): Promise<void>;
  /**
   * Gets a new access token for the scopes of the original grant (a shared mailbox's included); an answer
   * that needs the user throws ProviderError kind 'invalid_grant'.
   */
  refreshToken(
    refreshToken: string,
    input?: { isSharedMailbox?: boolean; grantedScopes?: readonly string[] | null },
  ): Promise<TokenSet>;
};

export type MailProvider = {
  readonly name: Provider;
  /** Signing in through the provider's consent page; IMAP, which signs in with a password, has none. */
  readonly oauth?: OAuthConnector;
  /** The mailbox address the access token belongs to. */
  mailboxAddress(session: MailSession): Promise<string>;
  /** The incremental streams covering `folders`. */
  streams(folders: readonly SyncFolder[]): SyncStream[];
  /** One page of changes of a stream; a cursor the provider no longer honours throws kind 'cursor_expired'. */
  listChanges(session: MailSession, input: ListChangesInput): Promise<ChangePage>;
  /** Current state of messages by id (batched); null for ids the mailbox no longer has. */
  lookupMessages(session: MailSession, ids: readonly string[]): Promise<Map<string, SyncedMessage | null>>;
  /** The ids of one synced folder's messages received since `since`, every page (reconciliation, decision 021). */
  listIds(session: MailSession, input: ListIdsInput): Promise<string[]>;
  /** The full content of one message. */
  getMessage(session: MailSession, id: string): Promise<EmailInThread>;
  /** Moves a message to the Archive (Gmail: removes INBOX); answers its id afterwards. */
  archive(session: MailSession, id: string): Promise<MovedMessage>;
  /** Moves a message back to the Inbox (Gmail: adds INBOX); answers its id afterwards. */
  unarchive(session: MailSession, id: string): Promise<MovedMessage>;
  setRead(session: MailSession, id: string, isRead: boolean): Promise<void>;
  /**
   * Pushes queued changes with the API's batch calls (Gmail batchModify, Graph JSON $batch); answers each
   * change's outcome by key. A failure of the whole call (token, network, throttling) throws.
   */
  pushChanges(session: MailSession, changes: readonly PushChange[]): Promise<Map<string, PushOutcome>>;
  /** Sends a new message, reply or reply-all, keeping the thread. */
  send(session: MailSession, mail: OutgoingMail): Promise<void>;
  /** Live updates, where the provider and this configuration offer them (decision 021). */
  readonly push?: PushChannel;
};
