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

/** A Graph subscription of ours: its mailbox and the hash of the clientState it was created with. */
export type SubscriptionOwner = { integrationId: string; userId: string; clientStateHash: string | null };

/**
 * The mailboxes these Graph subscription ids belong to, in one query (decision 030: a webhook post costs one
 * lookup whatever it holds); ids that are not ours are absent from the map.
 */
export async function findPushBySubscriptions(
  db: Db,
  subscriptionIds: readonly string[],
): Promise<Map<string, SubscriptionOwner>> {
  const owners = new Map<string, SubscriptionOwner>();
  if (subscriptionIds.length === 0) return owners;
  type Row = {
    subscription_id: string;
    email_integration_id: string;
    user_id: string;
    client_state_hash: string | null;
  };
  const rows = rowsOf<Row>(
    await db.execute(
      sql`select * from ledgerdesk_push_by_subscriptions(${toTextArray(subscriptionIds)}::text[])`,
    ),
  );
  for (const row of rows)
    owners.set(row.subscription_id, {
      integrationId: row.email_integration_id,
      userId: row.user_id,
      clientStateHash: row.client_state_hash,
    });
  return owners;
}

/** A PostgreSQL array literal of text values (quoted and escaped), bound as one parameter. */
function toTextArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
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

/** Counts one accepted notification for each of these mailboxes, in one write (a webhook post's mailboxes). */
export async function recordPushNotifications(
  db: Db,
  integrationIds: readonly string[],
  at: Date,
): Promise<void> {
  if (integrationIds.length === 0) return;
  await db.execute(
    sql`select ledgerdesk_push_record_notifications(${`{${integrationIds.join(',')}}`}::uuid[], ${at.toISOString()}::timestamptz)`,
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

/** Fleet-wide push and reconciliation figures (no names): /api/metrics (decision 030). */
export type PushFleetHealth = {
  mailboxes: number;
  pushLive: number;
  pushPending: number;
  pushFailing: number;
  pushUnavailable: number;
  notifications: number;
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
    lastNotificationAt: time('last_notification_at'),
    verifiedMailboxes: count('verified_mailboxes'),
    lastVerifiedAt: time('last_verified_at'),
    missingFound: count('missing_found'),
    extraFound: count('extra_found'),
  };
}
