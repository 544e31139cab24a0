import type { EmailIntegrationDto, MailboxVerificationDto } from '@ledgerdesk/domain/api/integrations';
import { call, callJson } from '../client/http-client';
import { sandboxControl } from '../client/sandbox';
import { FLEET_SUBJECT_PREFIX } from '../harness/fleet-log';
import type { FleetLog } from '../harness/fleet-routes';
import type { FleetMailbox } from './fleet-setup';

/** (a) the item removed from triage's tables; (b) the message hidden from the provider's changes once. */
export type GapKind = 'removed' | 'hidden';

/** One injected gap and what became of it. */
export type GapOutcome = {
  kind: GapKind;
  provider: FleetMailbox['provider'];
  /** The gap was there when reconciliation was asked for (a poll had passed without filling it). */
  isInjected: boolean;
  /** Triage holds the message again after the run. */
  isFiled: boolean;
  /** The mailbox's verification record, once the run ended. */
  verification: MailboxVerificationDto | null;
  /** Verify asked for → the message's item inserted again (ms); null when it was not. */
  healMs: number | null;
  /** Verify asked for → the verification record shows the run done (ms); null when it did not. */
  reportMs: number | null;
};

export type VerifyResult = { gaps: GapOutcome[]; waitedForPollMs: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const NOTIFICATION_FAULTS = ['/control/graph/push-faults', '/control/gmail-push/faults'];

/**
 * Reconciliation heals an injected gap (decision 021). On the push node: `perKind` mailboxes lose a delivered
 * message's triage item (deleted by direct SQL through the harness), `perKind` others receive a message the
 * sandbox then hides from delta / history (its notification dropped too, so only a full listing can find it).
 * After one poll interval the gaps are checked to be still open, reconciliation is asked for through the
 * public API (POST /api/integrations/:id/verify), and the bench waits for each mailbox's verification record.
 */
export async function runVerifyStep(options: {
  mailboxes: readonly FleetMailbox[];
  sandboxUrl: string;
  nodeUrl: string;
  perKind: number;
  intervalMs: number;
  key: string;
  log: (message: string) => void;
}): Promise<VerifyResult> {
  const { sandboxUrl, nodeUrl } = options;
  const sandbox = sandboxControl(sandboxUrl);
  const prefix = `${FLEET_SUBJECT_PREFIX}gap-${options.key} `;
  const perKind = Math.min(options.perKind, Math.floor(options.mailboxes.length / 2));
  const picked = options.mailboxes.slice(0, 2 * perKind).map((mailbox, index) => ({
    mailbox,
    kind: (index < perKind ? 'removed' : 'hidden') as GapKind,
    subject: `${prefix}${index}`,
  }));
  const deliver = (mailbox: FleetMailbox, subject: string) =>
    sandbox.addMessage({
      mailbox: mailbox.address,
      from: 'Pat Client <pat@client.test>',
      to: [mailbox.address],
      subject,
      text: 'Lost on the way, found by reconciliation.',
    });
  const itemCount = async (gap: (typeof picked)[number]) =>
    (
      await call<{ count: number }>(
        gap.mailbox.session,
        'GET',
        `/api/bench/items-with-subject?integrationId=${gap.mailbox.integrationId}&subject=${encodeURIComponent(gap.subject)}`,
      )
    ).body.count;

  // (a) Delivered and synced as usual, then its item is removed behind the sync's back.
  const removed = picked.filter((gap) => gap.kind === 'removed');
  for (const gap of removed) await deliver(gap.mailbox, gap.subject);
  const arrivedBy = Date.now() + 3 * options.intervalMs + 30_000;
  const wasRemoved = new Set<string>();
  for (const gap of removed) {
    while ((await itemCount(gap)) === 0 && Date.now() < arrivedBy) await sleep(250);
    const { body } = await call<{ removed: number }>(gap.mailbox.session, 'POST', '/api/bench/remove-items', {
      integrationId: gap.mailbox.integrationId,
      subject: gap.subject,
    });
    if (body.removed > 0) wasRemoved.add(gap.subject);
  }
  // (b) Delivered with every notification dropped, then lost from delta / history at once.
  for (const path of NOTIFICATION_FAULTS) await callJson(`${sandboxUrl}${path}`, 'POST', { dropShare: 1 });
  try {
    for (const gap of picked.filter((item) => item.kind === 'hidden')) {
      const { id } = await deliver(gap.mailbox, gap.subject);
      await callJson(`${sandboxUrl}/control/messages/${encodeURIComponent(id)}/hide-from-changes`, 'POST');
    }
  } finally {
    for (const path of NOTIFICATION_FAULTS) await callJson(`${sandboxUrl}${path}`, 'DELETE');
  }
  // A poll interval (and a little) passes: the ordinary syncs must not fill these gaps.
  const waitedForPollMs = options.intervalMs + 2_000;
  await sleep(waitedForPollMs);
  const open = await Promise.all(
    picked.map(
      async (gap) => (gap.kind === 'hidden' || wasRemoved.has(gap.subject)) && (await itemCount(gap)) === 0,
    ),
  );
  options.log(`fleet: ${open.filter(Boolean).length} of ${picked.length} gaps open after a poll; verifying`);

  const requestedAt = new Map<string, number>();
  for (const gap of picked) {
    requestedAt.set(gap.mailbox.integrationId, Date.now());
    await call(
      gap.mailbox.session,
      'POST',
      `/api/integrations/${gap.mailbox.integrationId}/verify`,
      {},
      [202],
    );
  }
  const reports = await waitForReports(picked, requestedAt, 5 * options.intervalMs + 120_000);
  const log = await callJson<FleetLog>(
    `${nodeUrl}/api/bench/fleet/log?since=${Math.min(...requestedAt.values())}&prefix=${encodeURIComponent(prefix)}`,
    'GET',
  );
  const gaps = await Promise.all(
    picked.map(async (gap, index): Promise<GapOutcome> => {
      const asked = requestedAt.get(gap.mailbox.integrationId) ?? 0;
      const inserted = log.items.filter((item) => item.subject === gap.subject && item.insertedAt >= asked);
      const report = reports.get(gap.mailbox.integrationId) ?? null;
      return {
        kind: gap.kind,
        provider: gap.mailbox.provider,
        isInjected: open[index] ?? false,
        isFiled: (await itemCount(gap)) > 0,
        verification: report?.verification ?? null,
        healMs: inserted.length > 0 ? Math.min(...inserted.map((item) => item.insertedAt)) - asked : null,
        reportMs: report?.at === undefined ? null : report.at - asked,
      };
    }),
  );
  return { gaps, waitedForPollMs };
}

type Report = { verification: MailboxVerificationDto; at?: number };

/** Reads Email Integration (GET /api/integrations) until each mailbox's run asked for has ended, or gives up. */
async function waitForReports(
  picked: readonly { mailbox: FleetMailbox }[],
  requestedAt: ReadonlyMap<string, number>,
  timeoutMs: number,
): Promise<Map<string, Report>> {
  const reports = new Map<string, Report>();
  const giveUp = Date.now() + timeoutMs;
  const sessions = new Map(picked.map(({ mailbox }) => [mailbox.session.userId, mailbox.session]));
  const isEnded = (id: string, verification: MailboxVerificationDto) => {
    if (verification.state !== 'done' && verification.state !== 'failed') return false;
    return (
      verification.state === 'failed' ||
      Date.parse(verification.verifiedAt ?? '') >= (requestedAt.get(id) ?? 0)
    );
  };
  while (Date.now() < giveUp) {
    for (const session of sessions.values()) {
      const { body } = await call<{ integrations: EmailIntegrationDto[] }>(
        session,
        'GET',
        '/api/integrations',
      );
      for (const integration of body.integrations) {
        if (!requestedAt.has(integration.id) || reports.get(integration.id)?.at !== undefined) continue;
        const ended = isEnded(integration.id, integration.verification);
        reports.set(integration.id, {
          verification: integration.verification,
          ...(ended ? { at: Date.now() } : {}),
        });
      }
    }
    if ([...requestedAt.keys()].every((id) => reports.get(id)?.at !== undefined)) break;
    await sleep(250);
  }
  return reports;
}
