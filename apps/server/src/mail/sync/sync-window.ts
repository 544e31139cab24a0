import { INITIAL_SYNC_DAYS_BACK } from '@ledgerdesk/domain/constants';
import type { IntegrationMetadata } from '../../db/schema/email-integrations';

const DAY_MS = 86_400_000;

/**
 * Where a listing from scratch starts: the baseline of the last reset, else the configured sync start
 * (initialize-sync-config), else `daysBack` (default 30) before now. A cursor, once there, decides instead.
 */
export function syncWindowStart(
  metadata: IntegrationMetadata,
  daysBack: number | undefined,
  now: Date,
): Date {
  const configured = metadata.post_reset_state ? metadata.reset_baseline_date : metadata.sync_from_date;
  const parsed = configured ? Date.parse(configured) : Number.NaN;
  if (!Number.isNaN(parsed)) return new Date(parsed);
  return new Date(now.getTime() - (daysBack ?? INITIAL_SYNC_DAYS_BACK) * DAY_MS);
}
