import type { EmailIntegration } from '../entities';
import { formatRelativeTime } from '../triage/relative-time';
import { isTokenExpired } from './token-expiry';

export type ConnectionState = 'not_connected' | 'token_expired' | 'connected';

export type ConnectionBadge = {
  state: ConnectionState;
  label: 'Not connected' | 'Token expired' | 'Connected';
  /** The refresh button shows beside an expired badge. */
  showRefresh: boolean;
  /** "Last sync {relative time}" from the latest lastSyncAt, or null. */
  lastSyncLabel: string | null;
  /** "Token expires in Nh" (under 24 h) or "Nd" from the earliest future expiry, or null. */
  tokenExpiryLabel: string | null;
};

type BadgeInput = Pick<EmailIntegration, 'provider' | 'isActive' | 'tokenExpiresAt' | 'lastSyncAt'>;

const HOUR_MS = 60 * 60 * 1000;

function latest(values: readonly (string | null)[]): string | null {
  let best: string | null = null;
  for (const value of values) {
    if (
      value &&
      !Number.isNaN(Date.parse(value)) &&
      (best === null || Date.parse(value) > Date.parse(best))
    ) {
      best = value;
    }
  }
  return best;
}

/** "Token expires in 5h" or "Token expires in 3d" for a future expiry, else null. */
export function tokenExpiryLabel(tokenExpiresAt: string | null, now: Date): string | null {
  if (!tokenExpiresAt) return null;
  const remaining = Date.parse(tokenExpiresAt) - now.getTime();
  if (Number.isNaN(remaining) || remaining < 0) return null;
  const hours = Math.floor(remaining / HOUR_MS);
  return hours < 24 ? `Token expires in ${hours}h` : `Token expires in ${Math.floor(hours / 24)}d`;
}

/** The triage header's connection badge over the user's active office365/gmail integrations. */
export function connectionBadge(integrations: readonly BadgeInput[], now: Date): ConnectionBadge {
  const connected = integrations.filter(
    (integration) =>
      integration.isActive && (integration.provider === 'office365' || integration.provider === 'gmail'),
  );
  const lastSync = latest(connected.map((integration) => integration.lastSyncAt));
  const lastSyncLabel = lastSync ? `Last sync ${formatRelativeTime(lastSync, now)}` : null;
  const futureExpiries = connected
    .map((integration) => integration.tokenExpiresAt)
    .filter((expiry): expiry is string => !!expiry && !isTokenExpired(expiry, now))
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  const tokenLabel = tokenExpiryLabel(futureExpiries[0] ?? null, now);
  if (connected.length === 0) {
    return {
      state: 'not_connected',
      label: 'Not connected',
      showRefresh: false,
      lastSyncLabel: null,
      tokenExpiryLabel: null,
    };
  }
  if (connected.some((integration) => isTokenExpired(integration.tokenExpiresAt, now))) {
    return {
      state: 'token_expired',
      label: 'Token expired',
      showRefresh: true,
      lastSyncLabel,
      tokenExpiryLabel: tokenLabel,
    };
  }
  return {
    state: 'connected',
    label: 'Connected',
    showRefresh: false,
    lastSyncLabel,
    tokenExpiryLabel: tokenLabel,
  };
}
