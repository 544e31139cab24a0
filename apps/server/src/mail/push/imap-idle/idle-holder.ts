import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { openImapAccount } from '../../core/imap-account';
import { findIntegration, type IntegrationCtx } from '../../core/integration-store';
import type { MailDeps } from '../../core/mail-deps';
import { type IdleConnection, openIdleConnection } from './idle-connection';
import { claimIdleLeases, type LeasedMailbox, releaseIdleLeases, renewIdleLeases } from './idle-leases';
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

/**
 * Holds IDLE on the INBOX of IMAP mailboxes (decision 023): each node takes unleased mailboxes up to
 * IMAP_IDLE_MAX_PER_NODE on a timer, renews its leases every quarter lease, and drops a mailbox whose lease it
 * lost (disconnected, disabled, needing a new password). A change the server tells queues a sync through the
 * fleet, as a Graph notification does; the connection itself never syncs. A failure releases the lease and backs
 * the mailbox off (the claim skips it until then), so no node loops on a refused login or a server that is down.
 */
export function createImapIdleHolder(deps: MailDeps, queueSync: QueueMailboxSync): ImapIdleHolder {
  const { env, log, db } = deps;
  const nodeId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
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
    if (release) await releaseIdleLeases(db, nodeId, [entry.integrationId]).catch(() => undefined);
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
    await releaseIdleLeases(db, nodeId, [entry.integrationId]).catch(() => undefined);
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

  const renew = async () => {
    const ids = [...held.keys()];
    const kept = await renewIdleLeases(db, nodeId, leaseSeconds, ids);
    for (const id of ids) {
      const entry = held.get(id);
      if (entry && !kept.has(id)) await drop(entry, true);
    }
  };

  const tick = async () => {
    try {
      if (Date.now() - lastRenewAt >= renewMs) {
        lastRenewAt = Date.now();
        await renew();
      }
      if (isStopping) return;
      const claimed = await claimIdleLeases(db, nodeId, leaseSeconds, maxPerNode - held.size);
      // A mailbox this node still holds but whose lease lapsed (a stalled node) is kept, not opened twice.
      for (const mailbox of claimed) if (!held.has(mailbox.integrationId)) void hold(mailbox);
    } catch (error) {
      log.warn({ err: error }, 'IMAP IDLE leases could not be renewed or taken');
    }
  };

  return {
    start() {
      if (timer || maxPerNode <= 0) return;
      log.info({ nodeId, maxPerNode, leaseSeconds }, 'IMAP IDLE holder started');
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
