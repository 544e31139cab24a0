import { describe, expect, it } from 'vitest';
import {
  INACTIVE_NOTE,
  integrationDisplay,
  integrationDisplayState,
  integrationsNeedingSyncInit,
  needsReconnectForArchive,
  TOKEN_EXPIRED_NOTE,
} from './display-state';
import { testIntegration } from './test-integration';

const now = new Date('2024-05-10T12:00:00Z');

describe('integrationDisplayState', () => {
  it('is active when active, unexpired and synced', () => {
    expect(integrationDisplayState(testIntegration(), now)).toBe('active');
  });

  it('is token expired when the expiry has passed', () => {
    expect(integrationDisplayState(testIntegration({ tokenExpiresAt: '2024-05-10T11:00:00Z' }), now)).toBe(
      'token_expired',
    );
  });

  it('is inactive before anything else', () => {
    expect(
      integrationDisplayState(
        testIntegration({ isActive: false, tokenExpiresAt: '2020-01-01T00:00:00Z' }),
        now,
      ),
    ).toBe('inactive');
  });

  it('is sync not initialised when active without a last sync', () => {
    expect(integrationDisplayState(testIntegration({ lastSyncAt: null }), now)).toBe('sync_not_initialised');
  });
});

describe('integrationDisplay', () => {
  it('shows a green Active badge', () => {
    expect(integrationDisplay(testIntegration(), now)).toMatchObject({ badgeLabel: 'Active', tone: 'green' });
  });

  it('shows an orange Token Expired badge with its note and Refresh', () => {
    expect(integrationDisplay(testIntegration({ tokenExpiresAt: '2024-05-01T00:00:00Z' }), now)).toEqual({
      state: 'token_expired',
      badgeLabel: 'Token Expired',
      tone: 'orange',
      note: 'Token expired - refresh needed',
      action: 'refresh',
    });
    expect(TOKEN_EXPIRED_NOTE).toBe('Token expired - refresh needed');
  });

  it('shows a red Inactive badge with its note and Reactivate', () => {
    expect(integrationDisplay(testIntegration({ isActive: false }), now)).toMatchObject({
      badgeLabel: 'Inactive',
      tone: 'red',
      note: INACTIVE_NOTE,
      action: 'reactivate',
    });
    expect(INACTIVE_NOTE).toBe('Inactive - reactivate to resume email loading');
  });

  it('shows an orange note and Initialize Sync when never synced', () => {
    expect(integrationDisplay(testIntegration({ lastSyncAt: null }), now)).toMatchObject({
      tone: 'orange',
      action: 'initialize_sync',
    });
  });
});

describe('integrationsNeedingSyncInit', () => {
  it('picks active integrations without a last sync', () => {
    const list = [
      testIntegration({ id: 'a', lastSyncAt: null }),
      testIntegration({ id: 'b' }),
      testIntegration({ id: 'c', lastSyncAt: null, isActive: false }),
    ];
    expect(integrationsNeedingSyncInit(list).map((i) => i.id)).toEqual(['a']);
  });
});

describe('needsReconnectForArchive', () => {
  it('flags office365 integrations without scopes', () => {
    expect(needsReconnectForArchive(testIntegration({ scopes: null }))).toBe(true);
    expect(needsReconnectForArchive(testIntegration())).toBe(false);
    expect(needsReconnectForArchive(testIntegration({ provider: 'gmail', scopes: null }))).toBe(false);
  });
});
