import { count, ms, seconds, verdict } from '../report/format';
import { summarize } from '../report/stats';
import type { BenchTable } from '../report/table';

const FRESHNESS_TARGET_P95_MS = 2_000;
/** How long the node holds its N connections while its CPU is sampled. */
export const HOLD_MS = 10_000;

export type FirstSync = { adapter: string; messages: number; synced: number; firstSyncMs: number };

export type Freshness = { samplesMs: number[]; missed: number };

export type Held = {
  target: number;
  reached: number;
  reachMs: number;
  rssBeforeBytes: number;
  rssAfterBytes: number;
  /** After a full collection, before the mailboxes and while holding them (null: the node could not collect). */
  collectedBefore: CollectedMemory | null;
  collectedAfter: CollectedMemory | null;
  cpuPercentMean: number;
};

const megabytes = (bytes: number) =>
  Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : '—';

export function throughputTable(runs: FirstSync[], database: string): BenchTable {
  return {
    id: 'imap-sync',
    title: 'IMAP first-sync throughput, beside Graph and Gmail',
    database,
    columns: ['Adapter', 'Synced', 'First sync', 'Msg/s'],
    rows: runs.map((run) => [
      run.adapter,
      `${count(run.synced)} of ${count(run.messages)}`,
      seconds(run.firstSyncMs),
      count(run.synced / (run.firstSyncMs / 1000)),
    ]),
    notes: [
      'One node (the fleet on, the poll an hour away), the same run: Graph and Gmail against the sandbox process (quotas off), IMAP against a private Dovecot on loopback (IMAPS, its test CA). Each first sync is initialize-sync-config (30-day window), then scheduler-style runs while it had not finished.',
      'IMAP messages are delivered to INBOX over LMTP before the sync starts; Graph and Gmail mailboxes also hold Sent and Archive.',
    ],
    data: runs.map((run) => ({ ...run, msgsPerS: run.synced / (run.firstSyncMs / 1000) })),
  };
}

export type CollectedMemory = { rssBytes: number; heapUsedBytes: number; externalBytes: number };

/** "a → b (c KB per connection)" for one measure of the collected memory. */
function collectedRow(held: Held, pick: (memory: CollectedMemory) => number): string {
  if (!held.collectedBefore || !held.collectedAfter) return '—';
  const before = pick(held.collectedBefore);
  const after = pick(held.collectedAfter);
  const perConnection = held.reached > 0 ? (after - before) / held.reached / 1024 : Number.NaN;
  return `${megabytes(before)} → ${megabytes(after)} (${Number.isFinite(perConnection) ? `${perConnection.toFixed(0)} KB` : '—'} per connection)`;
}

export function idleTable(freshness: Freshness, held: Held, database: string): BenchTable {
  const summary = summarize(freshness.samplesMs);
  // Only meaningful at hundreds of connections: at smoke sizes the garbage collector moves RSS more than they do.
  const grown = held.rssAfterBytes - held.rssBeforeBytes;
  const perConnection = held.reached > 1 && grown > 0 ? grown / (held.reached - 1) : Number.NaN;
  return {
    id: 'imap-idle',
    title: 'IMAP IDLE: freshness and connections held by one node',
    database,
    columns: ['Measure', 'Value', 'Target', 'Result'],
    rows: [
      [
        `Freshness (${summary.n} deliveries${freshness.missed ? `, ${freshness.missed} missed` : ''})`,
        `p50 ${ms(summary.p50)} · p95 ${ms(summary.p95)} · max ${ms(summary.max)}`,
        `p95 < ${ms(FRESHNESS_TARGET_P95_MS)}`,
        verdict(freshness.missed === 0 && summary.p95 < FRESHNESS_TARGET_P95_MS),
      ],
      [
        'IDLE connections held',
        `${count(held.reached)} of ${count(held.target)} (in ${seconds(held.reachMs)})`,
        count(held.target),
        verdict(held.reached >= held.target),
      ],
      [
        'Node RSS (peak)',
        `${megabytes(held.rssBeforeBytes)} → ${megabytes(held.rssAfterBytes)} (${Number.isFinite(perConnection) ? `${(perConnection / 1024).toFixed(0)} KB` : '—'} per connection)`,
        '—',
        '—',
      ],
      ['Node RSS after a full collection', collectedRow(held, (memory) => memory.rssBytes), '—', '—'],
      [
        'Node JS heap + external after a full collection',
        collectedRow(held, (memory) => memory.heapUsedBytes + memory.externalBytes),
        '—',
        '—',
      ],
      [
        'Node CPU while holding them',
        `${held.cpuPercentMean.toFixed(1)} % of a core (mean over ${seconds(HOLD_MS)})`,
        '—',
        '—',
      ],
    ],
    notes: [
      'Freshness: an LMTP delivery into the INBOX of a mailbox whose IDLE the node holds, until the bench sees one more triage item (GET /api/bench/item-count every 25 ms), deliveries 300 ms apart; the node polls only hourly.',
      "Connections: that many IMAP mailboxes connected (one Dovecot user each, added to its passdb in one write; signed up and connected 8 at a time); the time shown runs from the last mailbox connected to all of them held; the node's IMAP_IDLE_MAX_PER_NODE is the default 500. RSS (peak) and CPU read from /proc from outside the node, before the mailboxes and while holding them; the first RSS includes the garbage of the first syncs before it, so the node's memory is also read after a full collection (gc() twice, through a harness route) before the mailboxes and while holding them.",
    ],
    data: [{ freshness: { ...summary, missed: freshness.missed }, held }],
  };
}
