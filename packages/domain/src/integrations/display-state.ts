import type { EmailIntegration } from '../entities';
import { isTokenExpired } from './token-expiry';

export type IntegrationDisplayState = 'active' | 'token_expired' | 'inactive' | 'sync_not_initialised';
export type DisplayTone = 'green' | 'orange' | 'red';
export type IntegrationAction = 'refresh' | 'reactivate' | 'initialize_sync';

export type IntegrationDisplay = {
  state: IntegrationDisplayState;
  badgeLabel: 'Active' | 'Token Expired' | 'Inactive';
  tone: DisplayTone;
  note: string | null;
  action: IntegrationAction | null;
};

export const TOKEN_EXPIRED_NOTE = 'Token expired - refresh needed';
export const INACTIVE_NOTE = 'Inactive - reactivate to resume email loading';
export const SYNC_NOT_INITIALISED_NOTE =
  'Sync not initialized - click Initialize Sync to start loading emails';
export const INITIALIZE_SYNC_LABEL = 'Initialize Sync';
export const INITIALIZING_LABEL = 'Initializing...';

type DisplayInput = Pick<EmailIntegration, 'isActive' | 'tokenExpiresAt' | 'lastSyncAt'>;

/** The display state of an integration: inactive, then token expired, then sync not initialised, else active. */
export function integrationDisplayState(integration: DisplayInput, now: Date): IntegrationDisplayState {
  if (!integration.isActive) return 'inactive';
  if (isTokenExpired(integration.tokenExpiresAt, now)) return 'token_expired';
  if (!integration.lastSyncAt) return 'sync_not_initialised';
  return 'active';
}

/** Badge, tone, note and action button of an integration card (spec §4 "Integration display state"). */
export function integrationDisplay(integration: DisplayInput, now: Date): IntegrationDisplay {
  const state = integrationDisplayState(integration, now);
  switch (state) {
    case 'inactive':
      return { state, badgeLabel: 'Inactive', tone: 'red', note: INACTIVE_NOTE, action: 'reactivate' };
    case 'token_expired':
      return {
        state,
        badgeLabel: 'Token Expired',
        tone: 'orange',
        note: TOKEN_EXPIRED_NOTE,
        action: 'refresh',
      };
    case 'sync_not_initialised':
      return {
        state,
        badgeLabel: 'Active',
        tone: 'orange',
        note: SYNC_NOT_INITIALISED_NOTE,
        action: 'initialize_sync',
      };
    case 'active':
      return { state, badgeLabel: 'Active', tone: 'green', note: null, action: null };
  }
}

/** Integrations to initialise automatically about 1 s after load: active ones never synced. */
export function integrationsNeedingSyncInit<T extends Pick<EmailIntegration, 'isActive' | 'lastSyncAt'>>(
  integrations: readonly T[],
): T[] {
  return integrations.filter((integration) => integration.isActive && !integration.lastSyncAt);
}

/** Office 365 integrations without recorded scopes should be reconnected before archiving. */
export function needsReconnectForArchive(
  integration: Pick<EmailIntegration, 'provider' | 'scopes'>,
): boolean {
  return (
    integration.provider === 'office365' && (integration.scopes == null || integration.scopes.length === 0)
  );
}
