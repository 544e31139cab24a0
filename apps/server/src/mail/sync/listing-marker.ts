import type { IntegrationMetadata } from '../../db/schema/email-integrations';
import type { SyncStream } from '../core/provider';

/**
 * A full listing in progress for a stream: when it started (rows listed since then are stamped) and the
 * window it covers. Kept in metadata until the reconcile sweep after the listing is done.
 */
export type ListingMarker = {
  started_at: string;
  since: string;
  /** Set with the listing's last page: only the sweep is left to do. */
  is_listed?: boolean;
};

export const markerKey = (stream: SyncStream) => `sync_listing_${stream.key}`;

/** The stream's unfinished listing, if any. */
export function readMarker(metadata: IntegrationMetadata, stream: SyncStream): ListingMarker | null {
  const value = metadata[markerKey(stream)] as ListingMarker | null | undefined;
  return value && typeof value.started_at === 'string' && typeof value.since === 'string' ? value : null;
}
