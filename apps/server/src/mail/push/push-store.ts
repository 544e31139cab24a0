import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { mailboxPush } from '../../db/schema/mailbox-push';
import { withUser } from '../../db/with-user';
import type { IntegrationCtx } from '../core/integration-store';

export type PushRow = typeof mailboxPush.$inferSelect;
export type PushChannelName = PushRow['channel'];

/** A mailbox whose live updates need work now (the fleet's round queues one push job each). */
export type PushDue = { integrationId: string; userId: string; provider: string };

/** How long a live subscription or watch goes before it is renewed (daily: Graph allows ~3 days, Gmail 7). */
export const PUSH_RENEW_AFTER_HOURS = 20;

/** Mailboxes whose live updates need setting up, retrying or renewing, across users (a definer function). */
export async function listPushDue(db: Db, now: Date, maxRows = 500): Promise<PushDue[]> {
  const rows = rowsOf<{ email_integration_id: string; user_id: string; provider: string }>(
    await db.execute(
      sql`select * from ledgerdesk_push_due(${now.toISOString()}::timestamptz, make_interval(hours => ${PUSH_RENEW_AFTER_HOURS}), ${maxRows})`,
    ),
  );
  return rows.map((row) => ({
    integrationId: row.email_integration_id,
    userId: row.user_id,
    provider: row.provider,
  }));
}

/** The mailbox a Graph subscription id belongs to, with its clientState hash; null when unknown. */
export async function findPushBySubscription(
  db: Db,
  subscriptionId: string,
): Promise<{ integrationId: string; userId: string; clientStateHash: string | null } | null> {
  const rows = rowsOf<{ email_integration_id: string; user_id: string; client_state_hash: string | null }>(
    await db.execute(sql`select * from ledgerdesk_push_by_subscription(${subscriptionId})`),
  );
  const row = rows[0];
  return row
    ? { integrationId: row.email_integration_id, userId: row.user_id, clientStateHash: row.client_state_hash }
    : null;
}

/** The Gmail mailboxes (any user) with this address whose watch is set up. */
export async function findGmailPushByAddress(
  db: Db,
  address: string,
): Promise<Array<{ integrationId: string; userId: string }>> {
  const rows = rowsOf<{ email_integration_id: string; user_id: string }>(
    await db.execute(sql`select * from ledgerdesk_push_by_gmail_address(${address})`),
  );
  return rows.map((row) => ({ integrationId: row.email_integration_id, userId: row.user_id }));
}

/** Counts a notification for a mailbox: accepted (it queued a sync) or rejected (wrong clientState). */
export async function recordPushNotification(
  db: Db,
  integrationId: string,
  accepted: boolean,
  at: Date,
): Promise<void> {
  await db.execute(
    sql`select ledgerdesk_push_record_notification(${integrationId}::uuid, ${accepted}, ${at.toISOString()}::timestamptz)`,
  );
}

export async function readPush(ctx: IntegrationCtx, integrationId: string): Promise<PushRow | null> {
  const rows = await withUser(ctx.deps.db, ctx.userId, (tx) =>
    tx.select().from(mailboxPush).where(eq(mailboxPush.emailIntegrationId, integrationId)),
  );
  return rows[0] ?? null;
}

/** Writes a mailbox's push row (insert or update), as its owner. */
export async function savePush(
  ctx: IntegrationCtx,
  integrationId: string,
  values: Omit<Partial<typeof mailboxPush.$inferInsert>, 'emailIntegrationId' | 'userId'> & {
    channel: PushChannelName;
  },
): Promise<void> {
  const row = { ...values, updatedAt: new Date() };
  await withUser(ctx.deps.db, ctx.userId, (tx) =>
    tx
      .insert(mailboxPush)
      .values({ ...row, emailIntegrationId: integrationId, userId: ctx.userId })
      .onConflictDoUpdate({ target: mailboxPush.emailIntegrationId, set: row }),
  );
}

export async function deletePush(ctx: IntegrationCtx, integrationId: string): Promise<void> {
  await withUser(ctx.deps.db, ctx.userId, (tx) =>
    tx.delete(mailboxPush).where(eq(mailboxPush.emailIntegrationId, integrationId)),
  );
}

/** Fleet-wide push and reconciliation figures (no names): /api/health and /api/metrics. */
export type PushFleetHealth = {
  mailboxes: number;
  pushLive: number;
  pushPending: number;
  pushFailing: number;
  pushUnavailable: number;
  notifications: number;
  rejectedNotifications: number;
  lastNotificationAt: string | null;
  verifiedMailboxes: number;
  lastVerifiedAt: string | null;
  missingFound: number;
  extraFound: number;
};

export async function readPushFleetHealth(db: Db): Promise<PushFleetHealth> {
  type Row = Record<string, string | number | Date | null>;
  const row = rowsOf<Row>(await db.execute(sql`select * from ledgerdesk_push_fleet_health()`))[0] ?? {};
  const count = (key: string) => Number(row[key] ?? 0);
  const time = (key: string) => (row[key] ? new Date(row[key] as string).toISOString() : null);
  return {
    mailboxes: count('mailboxes'),
    pushLive: count('push_live'),
    pushPending: count('push_pending'),
    pushFailing: count('push_failing'),
    pushUnavailable: count('push_unavailable'),
    notifications: count('notifications'),
    rejectedNotifications: count('rejected_notifications'),
    lastNotificationAt: time('last_notification_at'),
    verifiedMailboxes: count('verified_mailboxes'),
    lastVerifiedAt: time('last_verified_at'),
    missingFound: count('missing_found'),
    extraFound: count('extra_found'),
  };
}
