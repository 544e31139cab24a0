import { USER_NOTICES_CHANNEL, type UserNotice } from '@ledgerdesk/domain/api/notice-events';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * Tells one user's open streams, on every node, about `notice` (`event: notice` on GET /api/events). Inside a
 * transaction the NOTIFY goes out when it commits, together with the change it reports.
 */
export async function notifyUser(db: DbOrTx, userId: string, notice: UserNotice): Promise<void> {
  const payload = JSON.stringify({ ...notice, userId });
  await db.execute(sql`select pg_notify(${USER_NOTICES_CHANNEL}, ${payload})`);
}
