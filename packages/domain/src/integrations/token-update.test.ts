import { describe, expect, it } from 'vitest';
import { testIntegration } from './test-integration';
import {
  integrationsToRefresh,
  tokenButtonState,
  tokensAreCurrentMessage,
  tokenUpdateResultMessage,
} from './token-update';

const now = new Date('2024-05-10T12:00:00Z');
const inMinutes = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();

describe('integrationsToRefresh', () => {
  it('selects active integrations expiring within 60 minutes, expired ones included', () => {
    const list = [
      testIntegration({ id: 'soon', tokenExpiresAt: inMinutes(59) }),
      testIntegration({ id: 'edge', tokenExpiresAt: inMinutes(60) }),
      testIntegration({ id: 'later', tokenExpiresAt: inMinutes(61) }),
      testIntegration({ id: 'expired', tokenExpiresAt: inMinutes(-30) }),
      testIntegration({ id: 'inactive', isActive: false, tokenExpiresAt: inMinutes(5) }),
      testIntegration({ id: 'unknown', tokenExpiresAt: null }),
    ];
    expect(integrationsToRefresh(list, now).map((i) => i.id)).toEqual(['soon', 'edge', 'expired']);
  });
});

describe('tokenButtonState', () => {
  it('uses the 30-minute window for "expiring soon"', () => {
    expect(tokenButtonState([testIntegration({ tokenExpiresAt: inMinutes(29) })], now)).toEqual({
      hasExpiredTokens: false,
      hasExpiringSoonTokens: true,
    });
    expect(
      tokenButtonState([testIntegration({ tokenExpiresAt: inMinutes(45) })], now).hasExpiringSoonTokens,
    ).toBe(false);
    expect(tokenButtonState([testIntegration({ tokenExpiresAt: inMinutes(-1) })], now).hasExpiredTokens).toBe(
      true,
    );
  });
});

describe('tokensAreCurrentMessage', () => {
  it('lists the hours remaining per mailbox', () => {
    const message = tokensAreCurrentMessage(
      [
        testIntegration({ emailAddress: 'a@x.com', tokenExpiresAt: inMinutes(150) }),
        testIntegration({ emailAddress: 'b@y.com', tokenExpiresAt: inMinutes(600) }),
      ],
      now,
    );
    expect(message.title).toBe('Tokens Are Current');
    expect(message.description).toContain('a@x.com: 2h remaining');
    expect(message.description).toContain('b@y.com: 10h remaining');
  });
});

describe('tokenUpdateResultMessage', () => {
  it('is complete, partial (destructive) or failed', () => {
    expect(tokenUpdateResultMessage({ refreshed: 2, failed: 0 }).title).toBe('Email Update Complete');
    expect(tokenUpdateResultMessage({ refreshed: 1, failed: 1 })).toMatchObject({
      title: 'Partial Update Success',
      tone: 'destructive',
    });
    expect(tokenUpdateResultMessage({ refreshed: 0, failed: 2 }).title).toBe('Update Failed');
  });
});
