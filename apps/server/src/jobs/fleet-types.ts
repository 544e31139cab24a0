import type { ImapIdleStatus, IntegrationJobData } from '../mail/fleet';

export const QUEUES = {
  /** One job per SYNC_INTERVAL_SECONDS slot across all nodes (throttled): the scheduling round. */
  round: 'mail-sync-round',
  /** One job per due mailbox, singletonKey = integration id. */
  sync: 'mail-sync',
  /** Token refresh ahead of expiry, at most one per integration per 5 minutes. */
  tokenRefresh: 'mail-token-refresh',
  /** One job per second across all nodes (throttled): snoozes that return and reminders that fire then. */
  timers: 'triage-timers',
  /** Setting up, renewing or retrying one mailbox's live updates; singletonKey = integration id (decision 021). */
  push: 'mail-push',
  /** One job per second across all nodes (throttled): read the Gmail Pub/Sub pull subscription. */
  pushPull: 'mail-push-pull',
  /** Reconciling one mailbox with its provider; singletonKey = integration id (decision 021). */
  verify: 'mail-verify',
  /**
   * One job per SHARED_MAILBOX_POLL_SECONDS slot across all nodes (throttled): queues a sync of every Microsoft 365
   * shared mailbox without live updates (decision 028).
   */
  sharedPoll: 'mail-shared-poll',
} as const;

/**
 * Above any round's rank (a source's priority, at most 10, plus one per missed interval): a sync somebody waits
 * for — a notification's, a person's Sync — runs before the round's (decision 026). Without it a notified
 * mailbox waited behind up to a whole round of polls (the 1,000-mailbox bench: push p95 20 s on PostgreSQL).
 */
export const ON_DEMAND_SYNC_PRIORITY = 1_000;

/** Why a sync job was queued besides the round: a push notification, a reconciliation. */
export type SyncReason = 'push' | 'verify';

export type SyncRoundData = { slot: string };
/** `slot` is the round's slot, or the reason and time of a sync queued by a notification. */
export type SyncJobData = IntegrationJobData & {
  slot: string;
  reason?: SyncReason;
  /** The history id a Gmail notification announced: the sync reads again briefly until it sees it. */
  hintHistoryId?: string;
};

export type SyncFleetStatus = {
  enabled: boolean;
  /** Sync jobs queued or waiting for a retry, across all nodes. */
  queueDepth: number;
  /** Mailboxes due now and not yet synced. */
  dueMailboxes: number;
  /** How long the longest-waiting due mailbox has been due (seconds); null when none is. */
  oldestDueAgeSeconds: number | null;
};

export type SyncFleet = {
  /** Whether the job engine runs (SYNC_INTERVAL_SECONDS > 0): then it also runs the triage timers. */
  readonly enabled: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<SyncFleetStatus>;
  /**
   * Queues a sync of one mailbox now (a push notification, a reconciliation's find): at most one queued and one
   * running per mailbox across nodes, so a burst of notifications gives one sync after the running one. Answers
   * whether a job was added (false: one was already waiting, or the engine is off).
   */
  queueSync(job: IntegrationJobData & { hintHistoryId?: string }, reason: SyncReason): Promise<boolean>;
  /** Queues a push job for one mailbox now (connected, reactivated, reset, or a lifecycle event). */
  queuePush(job: IntegrationJobData): Promise<boolean>;
  /** Queues a reconciliation of one mailbox now. */
  queueVerify(job: IntegrationJobData): Promise<boolean>;
  /** This node's IMAP IDLE connections (decision 023): each change they hear queues a sync like a notification. */
  imapIdle(): ImapIdleStatus;
};

export type SyncFleetOptions = {
  /** The triage timers' work (snooze returns, reminders), run by the one job of each second on any node. */
  timers?: () => Promise<unknown>;
};
