import type { Provider } from '@ledgerdesk/domain/entities';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export type DueIntegration = {
  id: string;
  userId: string;
  provider: Provider;
  lastSyncAt: Date | null;
  tokenExpiresAt: Date | null;
};

type Row = {
  id: string;
  user_id: string;
  provider: Provider;
  last_sync_at: string | Date | null;
  token_expires_at: string | Date | null;
};

const asDate = (value: string | Date | null) => (value === null ? null : new Date(value));

/**
 * Active integrations that do not wait for a reconnect, across users: the one cross-user read, through a
 * definer function that reveals only ids, owners and timestamps. Each one's work then runs as its owner.
 */
export async function listActiveIntegrations(db: Db): Promise<DueIntegration[]> {
  const result = await db.execute(sql`select * from ledgerdesk_active_integrations()`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    provider: row.provider,
    lastSyncAt: asDate(row.last_sync_at),
    tokenExpiresAt: asDate(row.token_expires_at),
  }));
}
