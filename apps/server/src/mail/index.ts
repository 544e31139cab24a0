// The mail layer's door for features and the composition root: they import this file and nothing else under mail/
// (dependency-cruiser refuses the rest). The job engine has its own small door, mail/fleet.ts.

export { completeConnection, startConnection } from './connect/connect-flow';
// Connecting IMAP/SMTP mailboxes (decision 023): Test connection, Connect, Update password.
export {
  connectImapMailbox,
  type ImapConnectResult,
  imapHostOf,
  testImapConnection,
  updateImapPassword,
} from './connect/imap/connect-imap';
export { recheckSharedMailboxAccess } from './connect/recheck-shared-access';
export { isAllowedRedirectUri } from './connect/redirect-uri';
// Filing new mail further as it is synced (rules, decision 025): the composition root sets `MailDeps.filing`.
export type { FilingHook, NewMessage, NewRow } from './core/filing-hook';
// Built once by the composition root and passed in.
export { createMailDeps, type MailDeps } from './core/mail-deps';
export type { MailboxChangeOperation } from './core/provider';
export { ProviderError } from './core/transport/provider-error';
export { isUnknownOutcome } from './core/transport/send-once';
export { initializeSyncConfig, refreshEmailToken } from './integration-service';
// Interactive mail operations, their errors in the spec's words.
export {
  checkSendTarget,
  fetchEmailContent,
  resyncIntegration,
  type SendEmailInput,
  sendEmail,
  syncIntegration,
} from './mail-service';
export { moveMessage } from './outbox/move-message';
// What a person's action does to their mailbox: queued in the triage transaction (which records the action for
// Undo), pushed by the outbox.
export {
  folderAfter,
  folderKeysOf,
  type ItemSnapshot,
  type QueuedChange,
  queueActionChanges,
  queueMailboxChanges,
} from './outbox/queue-changes';
// Provider offers and the connect flow of Email Integration.
export { mailProviderOffers } from './providers';
export { GRAPH_LIFECYCLE_PATH, GRAPH_WEBHOOK_PATH } from './providers/microsoft/graph-subscriptions';
// Graph's notifications and lifecycle events, handed over by the webhook route (decision 021, 030).
export { handleGraphLifecycle, handleGraphNotifications } from './push/graph-notifications';
export { createIntakeTally, type IntakeTally } from './push/intake-tally';
export { stopLiveUpdates, turnOnLiveUpdates } from './push/live-updates';
// "Check again" on a shared mailbox's live updates, and how often one without them is polled (decision 028).
export { checkLiveUpdatesAgain } from './push/maintain-push';
export type { SyncReport } from './sync/sync-report';
// Reconciliation (decision 021): what Email Integration shows and asks for.
export { readVerifications, requestVerification } from './verify/verification-store';
