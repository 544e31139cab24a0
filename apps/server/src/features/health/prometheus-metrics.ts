import type { PushFleetHealth } from '../../mail/fleet';

/** The sync fleet's figures as /api/metrics reports them. */
export type FleetSyncFigures = {
  enabled: boolean;
  queueDepth?: number;
  dueMailboxes?: number;
  oldestDueAgeSeconds?: number | null;
};

/** IMAP IDLE (decision 023): this node's connections and leases, and the mailboxes some node holds IDLE on. */
export type ImapIdleFigures = {
  enabled: boolean;
  connections: number;
  leases: number;
  maxPerNode: number;
  mailboxesLive: number;
};

/** What this node's Graph webhooks ignored (per notification) or refused (per post) since it started. */
export type WebhookIntakeFigures = {
  ignored: { clientState: number; unknownSubscription: number; overCap: number };
  refusedPosts: number;
};

type Metric = { name: string; help: string; type: 'gauge' | 'counter'; samples: Array<[string, number]> };

const seconds = (iso: string | null) => (iso ? Date.parse(iso) / 1000 : 0);

/**
 * The fleet in Prometheus text format (0.0.4): counts and times only, never a name, address or id. Counters are
 * sums over the mailboxes' rows, so one disconnected mailbox resets them a little (Prometheus' rate() copes).
 */
export function formatMetrics(
  push: PushFleetHealth,
  sync: FleetSyncFigures,
  imapIdle: ImapIdleFigures | null = null,
  webhooks: WebhookIntakeFigures | null = null,
): string {
  const metrics: Metric[] = [
    {
      name: 'ledgerdesk_mailboxes',
      help: 'Active connected mailboxes.',
      type: 'gauge',
      samples: [['', push.mailboxes]],
    },
    {
      name: 'ledgerdesk_push_mailboxes',
      help: 'Active mailboxes by live-updates state.',
      type: 'gauge',
      samples: [
        ['{state="live"}', push.pushLive],
        ['{state="pending"}', push.pushPending],
        ['{state="failing"}', push.pushFailing],
        ['{state="unavailable"}', push.pushUnavailable],
      ],
    },
    {
      name: 'ledgerdesk_push_notifications_total',
      help: 'Push notifications accepted (each queued a sync).',
      type: 'counter',
      samples: [['', push.notifications]],
    },
    {
      name: 'ledgerdesk_webhook_ignored_notifications_total',
      help: 'Graph notifications this node ignored since it started, by reason (no write and no log line each).',
      type: 'counter',
      samples: [
        ['{reason="client_state"}', webhooks?.ignored.clientState ?? 0],
        ['{reason="unknown_subscription"}', webhooks?.ignored.unknownSubscription ?? 0],
        ['{reason="over_cap"}', webhooks?.ignored.overCap ?? 0],
      ],
    },
    {
      name: 'ledgerdesk_webhook_rate_limited_posts_total',
      help: 'Graph webhook posts this node answered 429 since it started (notifications over the per-source rate).',
      type: 'counter',
      samples: [['', webhooks?.refusedPosts ?? 0]],
    },
    {
      name: 'ledgerdesk_push_last_notification_timestamp_seconds',
      help: 'When the last accepted notification arrived (0: never).',
      type: 'gauge',
      samples: [['', seconds(push.lastNotificationAt)]],
    },
    {
      name: 'ledgerdesk_verified_mailboxes',
      help: 'Active mailboxes reconciled with their provider at least once.',
      type: 'gauge',
      samples: [['', push.verifiedMailboxes]],
    },
    {
      name: 'ledgerdesk_verify_last_timestamp_seconds',
      help: 'When the last reconciliation completed (0: never).',
      type: 'gauge',
      samples: [['', seconds(push.lastVerifiedAt)]],
    },
    {
      name: 'ledgerdesk_verify_missing_found',
      help: "Messages triage lacked, found and filed by each mailbox's last reconciliation (summed).",
      type: 'gauge',
      samples: [['', push.missingFound]],
    },
    {
      name: 'ledgerdesk_verify_extra_found',
      help: "Items the provider no longer had, settled by each mailbox's last reconciliation (summed).",
      type: 'gauge',
      samples: [['', push.extraFound]],
    },
    {
      name: 'ledgerdesk_sync_queue_depth',
      help: 'Sync jobs queued or waiting for a retry, across nodes (0 with the job engine off).',
      type: 'gauge',
      samples: [['', sync.queueDepth ?? 0]],
    },
    {
      name: 'ledgerdesk_sync_due_mailboxes',
      help: 'Mailboxes due for a sync and not yet synced.',
      type: 'gauge',
      samples: [['', sync.dueMailboxes ?? 0]],
    },
    {
      name: 'ledgerdesk_sync_oldest_due_age_seconds',
      help: 'How long the longest-waiting due mailbox has waited (0: none).',
      type: 'gauge',
      samples: [['', sync.oldestDueAgeSeconds ?? 0]],
    },
    {
      name: 'ledgerdesk_imap_idle_connections',
      help: 'IMAP IDLE connections this node holds open.',
      type: 'gauge',
      samples: [['', imapIdle?.connections ?? 0]],
    },
    {
      name: 'ledgerdesk_imap_idle_max_connections',
      help: 'IMAP IDLE connections this node may hold (IMAP_IDLE_MAX_PER_NODE).',
      type: 'gauge',
      samples: [['', imapIdle?.maxPerNode ?? 0]],
    },
    {
      name: 'ledgerdesk_imap_idle_mailboxes_live',
      help: 'IMAP mailboxes whose IDLE some node holds now, across nodes.',
      type: 'gauge',
      samples: [['', imapIdle?.mailboxesLive ?? 0]],
    },
  ];
  const lines: string[] = [];
  for (const metric of metrics) {
    lines.push(`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${metric.type}`);
    for (const [labels, value] of metric.samples)
      lines.push(`${metric.name}${labels} ${Number.isFinite(value) ? value : 0}`);
  }
  return `${lines.join('\n')}\n`;
}
