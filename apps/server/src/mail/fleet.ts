// The mail layer's second, small door: the job engine's (jobs/) view of the mail layer — each job's work on one
// mailbox, what is due, the Gmail pull and the IMAP IDLE holder. Only jobs/ and the composition root import it
// (dependency-cruiser refuses the rest); features use mail/index.ts.

export type { IntegrationJobData } from './core/integration-store';
export type { MailDeps, MailLogger } from './core/mail-deps';
export { createMailboxOutbox, type MailboxOutbox } from './outbox/mailbox-outbox';
export { createOutboxHolder, HOLDER_LOCK_CLASS, type OutboxHolder } from './outbox/outbox-holder';
export {
  createImapIdleHolder,
  type ImapIdleHolder,
  type ImapIdleStatus,
} from './push/imap-idle/idle-holder';
export { listIdleHolders } from './push/imap-idle/idle-leases';
export { type PullReport, pullPushNotifications } from './push/pull-notifications';
export { listPushDue, type PushFleetHealth, readPushFleetHealth } from './push/push-store';
export {
  type JobOutcome,
  runPushJob,
  runSyncJob,
  runTokenRefreshJob,
  runVerifyJob,
  type VerifyJobData,
} from './scheduled-runs';
export { listVerifyDue } from './verify/verify-mailbox';
