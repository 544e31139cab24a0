import type { Provider } from '@ledgerdesk/domain/entities';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows-of';
import type { SyncCandidate } from './sync-plan';

type Row = {
  id: string;
  user_id: string;
  provider: Provider;
  last_sync_at: string | Date | null;
  token_expires_at: string | Date | null;
  sync_error_count: number | string;
  last_sync_error_at: string | Date | null;
  source_id: string | null;
  source_is_active: boolean | null;
  sync_enabled: boolean | null;
  sync_interval_minutes: number | null;
  peak_hours_interval_minutes: number | null;
  off_peak_interval_minutes: number | null;
  priority: number | null;
  is_push_live: boolean | null;
  is_shared: boolean | null;
};

const asDate = (value: string | Date | null) => (value === null ? null : new Date(value));

/**
 * Active integrations that do not wait for a reconnect, across users, with their notification source
 * settings: the one cross-user read, through a definer function that reveals only ids, owners, timestamps
 * and settings. Each one's work then runs as its owner.
 */
export async function listSyncCandidates(db: Db): Promise<SyncCandidate[]> {
  const rows = rowsOf<Row>(await db.execute(sql`select * from ledgerdesk_sync_candidates()`));
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    provider: row.provider,
    lastSyncAt: asDate(row.last_sync_at),
    tokenExpiresAt: asDate(row.token_expires_at),
    syncErrorCount: Number(row.sync_error_count),
    lastSyncErrorAt: asDate(row.last_sync_error_at),
    isPushLive: row.is_push_live === true,
    isShared: row.is_shared === true,
    source: row.source_id
      ? {
          isActive: row.source_is_active ?? true,
          syncEnabled: row.sync_enabled ?? true,
          syncIntervalMinutes: row.sync_interval_minutes ?? 1,
          peakHoursIntervalMinutes: row.peak_hours_interval_minutes ?? 1,
          offPeakIntervalMinutes: row.off_peak_interval_minutes ?? 3,
          priority: row.priority ?? 5,
        }
      : null,
  }));
}
