// The mail layer's door for the bench's harness (bench/src/harness): the baseline it measures against drives the
// mail layer below the features — one mailbox change at a time, the old per-mailbox sync loop, an IMAP mailbox
// sealed straight into its row. Only bench/ imports it (dependency-cruiser refuses the server's own code); the
// server uses mail/index.ts and mail/fleet.ts.

export { sealImapAccount } from './core/imap-account';
export { findIntegration } from './core/integration-store';
export { archiveMessage, type MailContext, setMessageReadState, unarchiveMessage } from './mail-service';
export { refreshProviderToken } from './sessions';
export { syncIntegrationRun } from './sync/sync-integration';
export { withSyncLock } from './sync/sync-lock';
