import { openImapAccount } from '../../core/imap-account';
import { findIntegration, type IntegrationCtx } from '../../core/integration-store';
import type { MailDeps } from '../../core/mail-deps';
import { type IdleConnection, openIdleConnection } from './idle-connection';
import {
  claimIdleLeases,
  idleHolderName,
  type LeasedMailbox,
  releaseDeadHoldersLeases,
  releaseIdleLeases,
  renewIdleLeases,
} from './idle-leases';
import { coalescedNotifier, type QueueMailboxSync } from './idle-notifier';
import { markIdleFailed, markIdleLive } from './idle-state';

export type ImapIdleStatus = {
  enabled: boolean;
  /** This node's IDLE connections now open. */
  connections: number;
  /** Mailboxes this node holds the lease of (connected, or connecting). */
  leases: number;
  /** The most this node holds (IMAP_IDLE_MAX_PER_NODE). */
  maxPerNode: number;
};

export type ImapIdleHolder = {
  start(): void;
  /** Closes every connection and gives the leases back (a graceful shutdown). */
  stop(): Promise<void>;
  status(): ImapIdleStatus;
};

type Held = LeasedMailbox & { connection: IdleConnection | null; since: number; dropped: boolean };

/** The node's holder identity (decision 020), null while its lock is not held. */
export type HolderIdentitySource = () => Promise<{ name: string; lock: number } | null>;

/**
 * Holds IDLE on the INBOX of IMAP mailboxes (decision 023): each node takes unleased mailboxes up to
 * IMAP_IDLE_MAX_PER_NODE on a timer, renews its leases every quarter lease, and drops a mailbox whose lease it
 * lost (disconnected, disabled, needing a new password). A change the server tells queues a sync through the
 * fleet, as a Graph notification does; the connection itself never syncs. A failure releases the lease and backs
 * the mailbox off (the claim skips it until then), so no node loops on a refused login or a server that is down.
 * Leases are held in the name of the node's holder identity (`identity`, its advisory lock): every tick any node
 * gives back the leases of a holder whose lock is gone, so a dead node's mailboxes are taken over within a tick,
 * not when their leases run out (decision 034); a node whose own lock changed drops what it held under the old one.
 */
export function createImapIdleHolder(
  deps: MailDeps,
  queueSync: QueueMailboxSync,
  identity: HolderIdentitySource,
): ImapIdleHolder {
  const { env, log, db } = deps;
  /** The lease holder name of this node's current identity; null until it has one. */
  let nodeId: string | null = null;
  const leaseSeconds = env.IMAP_IDLE_LEASE_SECONDS;
  const renewMs = (leaseSeconds * 1000) / 4;
  const claimMs = Math.max(500, Math.min(5_000, (leaseSeconds * 1000) / 12));
  const maxPerNode = env.IMAP_IDLE_MAX_PER_NODE;
  const held = new Map<string, Held>();
  let timer: NodeJS.Timeout | null = null;
  let lastRenewAt = 0;
  let isStopping = false;
  let ticking: Promise<void> | null = null;

  const notifier = (mailbox: LeasedMailbox) => coalescedNotifier(deps, mailbox, queueSync, () => isStopping);

  const drop = async (entry: Held, release: boolean) => {
    entry.dropped = true;
    held.delete(entry.integrationId);
    await entry.connection?.close().catch(() => undefined);
    entry.connection = null;
    if (release && nodeId) await releaseIdleLeases(db, nodeId, [entry.integrationId]).catch(() => undefined);
  };

  const fail = async (entry: Held, error: unknown) => {
    const ctx: IntegrationCtx = { deps, userId: entry.userId };
    const uptimeMs = entry.connection ? Date.now() - entry.since : 0;
    await drop(entry, false);
    try {
      const delayMs = await markIdleFailed(ctx, entry.integrationId, error, uptimeMs);
      log.warn({ err: error, integrationId: entry.integrationId, retryInMs: delayMs }, 'IMAP IDLE lost');
    } catch (stateError) {
      log.error({ err: stateError, integrationId: entry.integrationId }, 'recording an IDLE failure failed');
    }
    // Released after the backoff is written: no node can take the mailbox back before it is over.
    if (nodeId) await releaseIdleLeases(db, nodeId, [entry.integrationId]).catch(() => undefined);
  };

  const hold = async (mailbox: LeasedMailbox) => {
    const entry: Held = { ...mailbox, connection: null, since: Date.now(), dropped: false };
    held.set(mailbox.integrationId, entry);
    const ctx: IntegrationCtx = { deps, userId: mailbox.userId };
    try {
      const integration = await findIntegration(ctx, mailbox.integrationId);
      if (!integration?.imapAccount || !integration.isActive) {
        await drop(entry, true);
        return;
      }
      const account = openImapAccount(deps.tokenCipher, integration.imapAccount);
      const onChange = notifier(mailbox);
      const connection = await openIdleConnection(account, deps.env.IMAP_ALLOW_PRIVATE_HOSTS, {
        onChange,
        onClosed: (error) => {
          if (!entry.dropped) void fail(entry, error);
        },
      });
      if (entry.dropped || isStopping) {
        await connection.close();
        return;
      }
      entry.connection = connection;
      entry.since = Date.now();
      await markIdleLive(ctx, mailbox.integrationId, new Date());
      // Mail that arrived while nobody held IDLE (a first start, a takeover, a reconnect) is fetched now.
      onChange();
    } catch (error) {
      if (!entry.dropped) await fail(entry, error);
    }
  };

  const renew = async (holderName: string) => {
    const ids = [...held.keys()];
    const kept = await renewIdleLeases(db, holderName, leaseSeconds, ids);
    for (const id of ids) {
      const entry = held.get(id);
      if (entry && !kept.has(id)) await drop(entry, true);
    }
  };

  /**
   * This node's lease holder name now. When its lock was lost (another node may already have taken its mailboxes),
   * what it held is dropped and given back under the old name; a new lock is a new holder.
   */
  const currentHolder = async (): Promise<string | null> => {
    const taken = await identity();
    const name = taken ? idleHolderName(taken) : null;
    if (name === nodeId) return name;
    const previous = nodeId;
    const entries = [...held.values()];
    if (previous && entries.length > 0) {
      log.warn({ mailboxes: entries.length }, 'IMAP IDLE holder lock changed; dropping what it held');
      await Promise.allSettled(entries.map((entry) => drop(entry, false)));
      const ids = entries.map((entry) => entry.integrationId);
      await releaseIdleLeases(db, previous, ids).catch(() => undefined);
    }
    nodeId = name;
    lastRenewAt = 0;
    return name;
  };

  const tick = async () => {
    try {
      const holderName = await currentHolder();
      if (!holderName) return;
      if (Date.now() - lastRenewAt >= renewMs) {
        lastRenewAt = Date.now();
        await renew(holderName);
      }
      if (isStopping) return;
      const released = await releaseDeadHoldersLeases(db);
      if (released > 0) log.warn({ released }, 'IMAP IDLE leases of a node that is gone were given back');
      const claimed = await claimIdleLeases(db, holderName, leaseSeconds, maxPerNode - held.size);
      // A mailbox this node still holds but whose lease lapsed (a stalled node) is kept, not opened twice.
      for (const mailbox of claimed) if (!held.has(mailbox.integrationId)) void hold(mailbox);
    } catch (error) {
      log.warn({ err: error }, 'IMAP IDLE leases could not be renewed or taken');
    }
  };

  return {
    start() {
      if (timer || maxPerNode <= 0) return;
      log.info({ maxPerNode, leaseSeconds }, 'IMAP IDLE holder started');
      timer = setInterval(() => {
        if (!ticking) ticking = tick().finally(() => (ticking = null));
      }, claimMs);
      timer.unref();
      ticking = tick().finally(() => (ticking = null));
    },
    async stop() {
      isStopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await ticking;
      const entries = [...held.values()];
      await Promise.allSettled(entries.map((entry) => drop(entry, false)));
      if (!nodeId) return;
      await releaseIdleLeases(
        db,
        nodeId,
        entries.map((entry) => entry.integrationId),
      ).catch((error: unknown) => log.warn({ err: error }, 'IMAP IDLE leases could not be released'));
    },
    status() {
      let connections = 0;
      for (const entry of held.values()) if (entry.connection) connections++;
      return { enabled: timer !== null, connections, leases: held.size, maxPerNode };
    },
  };
}
