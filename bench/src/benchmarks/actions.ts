import crypto from 'node:crypto';
import type { BulkUpdateResponse, ItemPatch, ItemUpdateResponse } from '@ledgerdesk/domain/api/triage';
import type { Provider } from '@ledgerdesk/domain/entities';
import { collectItemIds } from '../client/collect-items';
import { connectMailbox } from '../client/connect-mailbox';
import { call, type Session, UnexpectedResponse } from '../client/http-client';
import { sandboxControl } from '../client/sandbox';
import { signUp } from '../client/sign-up';
import { count, ms, verdict } from '../report/format';
import { type Summary, summarize } from '../report/stats';
import type { BenchTable } from '../report/table';
import type { BenchContext } from './bench-context';

const BULK_TARGET_MS = 300;
const PROVIDER_LABEL: Record<Provider, string> = { office365: 'Office 365', gmail: 'Gmail' };

type Row = { action: string; provider: Provider; summary: Summary; calls: string; hasTarget: boolean };

/** Benchmark 3: clearing one item (with the provider's archive call) and bulk updates of 500 items. */
export async function runActions(ctx: BenchContext): Promise<BenchTable> {
  const { clears, bulkSize, bulkRuns } = ctx.config.actions;
  const rows: Row[] = [];
  for (const provider of ['office365', 'gmail'] as Provider[]) {
    ctx.log(`actions: ${provider} (${ctx.database.label})`);
    const user = await syncedUser(ctx, provider, bulkSize + clears);
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
        throw new UnexpectedResponse(`clear answered mailbox ${result.body.mailbox}`);
      single.push(result.serverMs);
    }
    rows.push({
      action: 'Clear one item (archives in the mailbox)',
      provider,
      summary: summarize(single),
      calls: '1 archive',
      hasTarget: false,
    });
    const bulk = async (patches: ItemPatch[]) => {
      const samples: number[] = [];
      for (let run = 0; run < bulkRuns; run++) {
        const patch = patches[run % patches.length] as ItemPatch;
        const result = await call<BulkUpdateResponse>(user, 'POST', '/api/triage/items/bulk-update', {
          ids: bulkIds,
          patch,
        });
        if (result.body.failed.length > 0)
          throw new UnexpectedResponse(`bulk update failed for ${result.body.failed.length} items`);
        samples.push(result.serverMs);
      }
      return summarize(samples);
    };
    const local = await bulk([{ status: 'later' }, { status: 'inbox' }]);
    rows.push({
      action: `Bulk ${count(bulkSize)}: Later / back to Inbox`,
      provider,
      summary: local,
      calls: 'none',
      hasTarget: true,
    });
    const read = await bulk([{ isRead: true }, { isRead: false }]);
    rows.push({
      action: `Bulk ${count(bulkSize)}: mark read / unread`,
      provider,
      summary: read,
      calls: `${count(bulkSize)} read-state`,
      hasTarget: true,
    });
  }
  return {
    id: 'actions',
    title: '3. Actions',
    database: ctx.database.label,
    columns: ['Action', 'Provider', 'p50', 'p95', 'n', 'Mailbox calls', 'Target', 'Result'],
    rows: rows.map((row) => [
      row.action,
      PROVIDER_LABEL[row.provider],
      ms(row.summary.p50),
      ms(row.summary.p95),
      String(row.summary.n),
      row.calls,
      row.hasTarget ? `< ${BULK_TARGET_MS} ms` : '—',
      row.hasTarget ? verdict(row.summary.p95 < BULK_TARGET_MS) : '—',
    ]),
    notes: [
      'Server time (Server-Timing) of PATCH /api/triage/items/:id and POST /api/triage/items/bulk-update, with a real session, on items synced from a sandbox mailbox (separate process) so that each carries mailbox ids; the mailbox is changed first, then the database.',
      'Bulk runs alternate the two values so that every run changes all items; a mailbox call per item (the server runs 6 at a time). Target (bulk 500 < 300 ms) judged on p95.',
    ],
    data: rows.map((row) => ({ ...row })),
  };
}

/** A user with a synced sandbox mailbox holding at least `inboxItems` Inbox messages. */
async function syncedUser(ctx: BenchContext, provider: Provider, inboxItems: number): Promise<Session> {
  const sandbox = sandboxControl(ctx.sandboxUrl);
  const address = `actions-${crypto.randomBytes(4).toString('hex')}@bench-${provider}.test`;
  // The generator puts about half of a mailbox in the Inbox; ask for enough to be sure.
  await sandbox.createMailbox(address, provider, Math.ceil(inboxItems * 2.6));
  const user = await signUp(ctx.appUrl, `actions-${provider}`);
  const integrationId = await connectMailbox(user, provider, address);
  await call(user, 'POST', '/api/functions/initialize-sync-config', {
    integrationId,
    initialSyncDaysBack: 31,
  });
  return user;
}
