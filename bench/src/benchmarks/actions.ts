import crypto from 'node:crypto';
import type { BulkUpdateResponse, ItemPatch, ItemUpdateResponse } from '@ledgerdesk/domain/api/triage';
import type { OAuthProvider } from '@ledgerdesk/domain/entities';
import { collectItemIds } from '../client/collect-items';
import { connectMailbox } from '../client/connect-mailbox';
import { call, type Session, UnexpectedResponse } from '../client/http-client';
import { sandboxControl } from '../client/sandbox';
import { signUp } from '../client/sign-up';
import { count, ms, verdict } from '../report/format';
import { type Summary, summarize } from '../report/stats';
import type { BenchTable } from '../report/table';
import type { BenchContext } from './bench-context';

/** Decision 010's targets: one action p95 < 30 ms; bulk 500 p95 < 100 ms on PostgreSQL, < 300 ms on PGlite. */
const SINGLE_TARGET_MS = 30;
const BULK_TARGET_MS: Record<'postgres' | 'pglite', number> = { postgres: 100, pglite: 300 };
/** Mailbox consistent after a bulk clear of 500 with quotas on: Gmail within 2 s, Graph within 5 s. */
const CONSISTENT_TARGET_MS: Record<OAuthProvider, number> = { gmail: 2000, office365: 5000 };
/** Provider calls for one bulk 500: at most 2 calls on Gmail, 25 $batch calls on Graph. */
const CALLS_TARGET: Record<OAuthProvider, number> = { gmail: 2, office365: 25 };
/** The old path is slow (a mailbox call per item): fewer runs of it. */
const BASELINE_RUNS = 3;
const PROVIDER_LABEL: Record<OAuthProvider, string> = { office365: 'Office 365', gmail: 'Gmail' };

type Row = {
  action: string;
  provider: OAuthProvider;
  now: Summary | null;
  before: Summary | null;
  target: number | null;
};
type Consistency = { provider: OAuthProvider; elapsedMs: number; calls: number; batches: number };

/** The calls the target counts: Graph's $batch calls (its folder lookup is shown beside them), Gmail's calls. */
const targetCalls = (row: Consistency) => (row.provider === 'office365' ? row.batches : row.calls);

/**
 * Benchmark 3: actions through the outbox (decision 010) beside the old mailbox-first path (a bench-only
 * endpoint), server time; then how long the mailbox takes to agree after a bulk clear with quotas on, and how
 * many provider calls that took.
 */
export async function runActions(ctx: BenchContext): Promise<BenchTable[]> {
  const { clears, bulkSize, bulkRuns } = ctx.config.actions;
  const bulkTarget = BULK_TARGET_MS[ctx.database.kind === 'postgres' ? 'postgres' : 'pglite'];
  const rows: Row[] = [];
  const consistency: Consistency[] = [];
  const sandbox = sandboxControl(ctx.sandboxUrl);
  for (const provider of ['office365', 'gmail'] as OAuthProvider[]) {
    ctx.log(`actions: ${provider} (${ctx.database.label})`);
    const { user, address } = await syncedUser(ctx, provider, bulkSize + clears);
    const ids = await collectItemIds(user, 'inbox', bulkSize + clears);
    if (ids.length < bulkSize + clears) throw new UnexpectedResponse(`only ${ids.length} inbox items synced`);
    const clearIds = ids.slice(0, clears);
    const bulkIds = ids.slice(clears);

    const single: number[] = [];
    for (const id of clearIds) {
      const result = await call<ItemUpdateResponse>(user, 'PATCH', `/api/triage/items/${id}`, {
        status: 'cleared',
      });
      if (result.body.mailbox !== 'archived')
        throw new UnexpectedResponse(`clear answered ${result.body.mailbox}`);
      single.push(result.serverMs);
    }
    const singleBefore: number[] = [];
    for (const id of clearIds) {
      const result = await call<{ updated: number }>(user, 'POST', '/api/bench/baseline/bulk-update', {
        ids: [id],
        patch: { status: 'inbox' },
      });
      singleBefore.push(result.serverMs);
    }
    rows.push({
      action: 'One item: Clear & Archive (new) / Move to Inbox (before)',
      provider,
      now: summarize(single),
      before: summarize(singleBefore),
      target: SINGLE_TARGET_MS,
    });

    const timeBulk = async (path: string, patches: ItemPatch[], runs: number) => {
      const samples: number[] = [];
      for (let run = 0; run < runs; run++) {
        const patch = patches[run % patches.length] as ItemPatch;
        const result = await call<BulkUpdateResponse>(user, 'POST', path, { ids: bulkIds, patch });
        samples.push(result.serverMs);
      }
      return summarize(samples);
    };
    const kinds: [string, ItemPatch[]][] = [
      ['Later / back to Inbox', [{ status: 'later' }, { status: 'inbox' }]],
      ['mark read / unread', [{ isRead: true }, { isRead: false }]],
      ['Clear & Archive / Move to Inbox', [{ status: 'cleared' }, { status: 'inbox' }]],
    ];
    for (const [label, patches] of kinds) {
      const now = await timeBulk('/api/triage/items/bulk-update', patches, bulkRuns);
      await settled(sandbox, address, bulkIds.length, 'inbox');
      const before = await timeBulk(
        '/api/bench/baseline/bulk-update',
        patches,
        BASELINE_RUNS + (BASELINE_RUNS % 2),
      );
      rows.push({ action: `Bulk ${count(bulkSize)}: ${label}`, provider, now, before, target: bulkTarget });
    }

    // Quotas on: a bulk clear, then the time until the mailbox shows every message archived, and the calls.
    await settled(sandbox, address, bulkIds.length, 'inbox');
    await sandbox.setQuotas(provider, true);
    try {
      const before = await sandbox.stats();
      const startedAt = Date.now();
      await call(user, 'POST', '/api/triage/items/bulk-update', {
        ids: bulkIds,
        patch: { status: 'cleared' },
      });
      await settled(sandbox, address, bulkIds.length, 'archive');
      consistency.push({
        provider,
        elapsedMs: Date.now() - startedAt,
        ...(await sandbox.stats().then((after) => ({
          calls: after.calls[provider] - before.calls[provider],
          batches: after.batches[provider] - before.batches[provider],
        }))),
      });
    } finally {
      await sandbox.setQuotas(provider, false);
    }
  }
  const kind = ctx.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  return [
    {
      id: 'actions',
      title: '3. Actions',
      database: ctx.database.label,
      columns: ['Action', 'Provider', 'p50', 'p95', 'Before: p95', 'Faster', 'Target (p95)', 'Result'],
      rows: rows.map((row) => [
        row.action,
        PROVIDER_LABEL[row.provider],
        ms(row.now?.p50 ?? Number.NaN),
        ms(row.now?.p95 ?? Number.NaN),
        ms(row.before?.p95 ?? Number.NaN),
        row.now && row.before ? `${(row.before.p95 / row.now.p95).toFixed(1)}×` : '—',
        row.target === null ? '—' : `< ${row.target} ms`,
        row.target === null || !row.now ? '—' : verdict(row.now.p95 < row.target),
      ]),
      notes: [
        `Server time (Server-Timing) with a real session on items synced from a sandbox mailbox (separate process). "Now": the transactional outbox — items, undo record and mailbox changes in one transaction, pushed after the answer. "Before": the old mailbox-first path, kept as a bench-only endpoint (a mailbox call per item, six at a time, then the database). Bulk runs alternate the two values so every run changes all items; targets on ${kind}.`,
      ],
      data: rows.map((row) => ({ ...row })),
    },
    {
      id: 'actions-mailbox',
      title: '3b. Mailbox consistency after a bulk clear (quotas on)',
      database: ctx.database.label,
      columns: [
        'Provider',
        'Items',
        'Mailbox consistent after',
        'Target',
        'Provider calls',
        'Target',
        'Result',
      ],
      rows: consistency.map((row) => [
        PROVIDER_LABEL[row.provider],
        count(bulkSize),
        ms(row.elapsedMs),
        `< ${ms(CONSISTENT_TARGET_MS[row.provider])}`,
        row.provider === 'office365'
          ? `${count(row.batches)} $batch + ${count(row.calls - row.batches)} other`
          : count(row.calls),
        `≤ ${CALLS_TARGET[row.provider]}`,
        verdict(
          row.elapsedMs < CONSISTENT_TARGET_MS[row.provider] &&
            targetCalls(row) <= CALLS_TARGET[row.provider],
        ),
      ]),
      notes: [
        'From sending POST /api/triage/items/bulk-update until the sandbox lists every message in the Archive, with the sandbox quota mode on (Gmail 250 units/s, Graph 4 concurrent requests). Provider calls counted by the sandbox (a batch is one call); on Graph the target counts $batch calls, the folder lookup shown beside them.',
      ],
      data: consistency.map((row) => ({ ...row })),
    },
  ];
}

/** Waits until `expected` messages of the mailbox sit in `folder` (the outbox pushed everything). */
async function settled(
  sandbox: ReturnType<typeof sandboxControl>,
  address: string,
  expected: number,
  folder: 'inbox' | 'archive',
): Promise<void> {
  const giveUp = Date.now() + 120_000;
  while ((await sandbox.mailbox(address, 0)).folders[folder].total < expected) {
    if (Date.now() > giveUp)
      throw new UnexpectedResponse(`the mailbox never showed ${expected} in ${folder}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A user with a synced sandbox mailbox holding exactly `inboxItems` Inbox messages. */
async function syncedUser(
  ctx: BenchContext,
  provider: OAuthProvider,
  inboxItems: number,
): Promise<{ user: Session; address: string }> {
  const sandbox = sandboxControl(ctx.sandboxUrl);
  const address = `actions-${crypto.randomBytes(4).toString('hex')}@bench-${provider}.test`;
  await sandbox.createMailbox(address, provider, 0);
  for (let index = 0; index < inboxItems; index++) {
    await sandbox.addMessage({
      mailbox: address,
      from: 'Pat Client <pat@client.test>',
      to: [address],
      subject: `Action ${index + 1}`,
      text: 'Benchmark message.',
    });
  }
  const user = await signUp(ctx.appUrl, `actions-${provider}`);
  const integrationId = await connectMailbox(user, provider, address);
  await call(user, 'POST', '/api/functions/initialize-sync-config', {
    integrationId,
    initialSyncDaysBack: 31,
  });
  return { user, address };
}
