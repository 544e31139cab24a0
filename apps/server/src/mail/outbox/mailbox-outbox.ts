// The outbox's worker on every node (decision 010): an action kicks its mailboxes right after its commit; a
// sweep every second retries changes whose backoff is over and takes over mailboxes whose holder died.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import type { MailDeps } from '../core/mail-deps';
import { createOutboxHolder, type HolderIdentity } from './outbox-holder';
import { pushRound } from './push-changes';

/** How often each node looks for due changes nobody is pushing. */
export const OUTBOX_SWEEP_MS = 1000;
/** Mailboxes one sweep takes on. */
const SWEEP_MAILBOXES = 20;
/** Settled changes and undo records older than this are pruned (Undo works for 10 minutes). */
const KEEP_SETTLED_MS = 24 * 3600_000;
/** Sweeps between two prunes (about every ten minutes). */
const SWEEPS_PER_PRUNE = 600;
/** Rounds one drain runs before handing the mailbox back (the sweep picks it up again). */
const MAX_ROUNDS_PER_DRAIN = 50;

export type MailboxOutbox = {
  /** Pushes these mailboxes' queued changes now, on this node (after the commit that queued them). */
  kick(userId: string, integrationIds: Iterable<string>): void;
  /** Pushes one mailbox's due changes now and resolves when done (the sweep, tests). */
  drain(userId: string, integrationId: string): Promise<void>;
  /** Starts the sweep. */
  start(): void;
  stop(): Promise<void>;
  /** Resolves once this node has no push in flight (tests). */
  idle(): Promise<void>;
};

export function createMailboxOutbox(deps: MailDeps): MailboxOutbox {
  // This node's name and liveness lock: its leases die with it (decision 020).
  const holder = createOutboxHolder(deps);
  // How long a live but silent node keeps a mailbox before another node may take over; renewed every round.
  const leaseSeconds = deps.env.OUTBOX_LEASE_SECONDS;
  const draining = new Map<string, Promise<void>>();
  /** Mailboxes kicked while a drain of theirs was running: it goes round once more. */
  const dirty = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;
  let isStopping = false;
  let sweeps = 0;

  const takeLease = async (integrationId: string, me: HolderIdentity): Promise<boolean> => {
    const result = await deps.db.execute(
      sql`select ledgerdesk_outbox_take_lease(${integrationId}::uuid, ${me.name}, ${me.lock}::int,
        ${leaseSeconds}) as taken`,
    );
    return rowsOf<{ taken: boolean }>(result)[0]?.taken === true;
  };
  const releaseLease = async (integrationId: string, me: HolderIdentity) => {
    await deps.db.execute(sql`select ledgerdesk_outbox_release_lease(${integrationId}::uuid, ${me.name})`);
  };

  const runDrain = async (userId: string, integrationId: string) => {
    const me = await holder.current();
    if (!me || !(await takeLease(integrationId, me))) return;
    try {
      for (let round = 0; round < MAX_ROUNDS_PER_DRAIN && !isStopping; round++) {
        dirty.delete(integrationId);
        const result = await pushRound({ deps, userId }, integrationId);
        if (result.pushed + result.failed > 0)
          deps.log.info({ integrationId, ...result }, 'mailbox changes pushed');
        if (!result.remaining && !dirty.has(integrationId)) break;
        // Lost (it ran out while a round waited on the provider and another node took it, or this node's lock
        // went with its connection): the mailbox is someone else's now.
        if (!(await takeLease(integrationId, me))) return;
      }
    } finally {
      await releaseLease(integrationId, me);
    }
  };

  const drain = (userId: string, integrationId: string): Promise<void> => {
    const running = draining.get(integrationId);
    if (running) {
      dirty.add(integrationId);
      return running;
    }
    const work = runDrain(userId, integrationId)
      .catch((error: unknown) =>
        deps.log.error({ err: error, integrationId }, 'pushing mailbox changes failed'),
      )
      .finally(() => {
        draining.delete(integrationId);
        // A kick that came after the last round had looked: go again.
        if (dirty.delete(integrationId) && !isStopping) void drain(userId, integrationId);
      });
    draining.set(integrationId, work);
    return work;
  };

  const sweep = async () => {
    sweeps += 1;
    if (sweeps % SWEEPS_PER_PRUNE === 1) {
      const olderThan = new Date(Date.now() - KEEP_SETTLED_MS).toISOString();
      await deps.db.execute(sql`select ledgerdesk_outbox_prune(${olderThan}::timestamptz)`);
    }
    const result = await deps.db.execute(
      sql`select email_integration_id, user_id from ledgerdesk_outbox_due(now(), ${SWEEP_MAILBOXES})`,
    );
    const due = rowsOf<{ email_integration_id: string; user_id: string }>(result);
    await Promise.all(due.map((row) => drain(row.user_id, row.email_integration_id)));
  };

  return {
    kick(userId, integrationIds) {
      if (isStopping) return;
      for (const integrationId of new Set(integrationIds)) void drain(userId, integrationId);
    },
    drain,
    start() {
      if (timer) return;
      isStopping = false;
      // Takes the node's lock now, so its leases are recognisably alive from the first one.
      void holder.current();
      timer = setInterval(() => {
        if (sweeping) return;
        sweeping = sweep()
          .catch((error: unknown) => deps.log.error({ err: error }, 'outbox sweep failed'))
          .finally(() => {
            sweeping = null;
          });
      }, OUTBOX_SWEEP_MS);
      timer.unref();
    },
    async stop() {
      isStopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await sweeping;
      await Promise.allSettled(draining.values());
      await holder.close();
    },
    async idle() {
      while (draining.size > 0 || sweeping) {
        await Promise.allSettled([...draining.values(), sweeping]);
      }
    },
  };
}
