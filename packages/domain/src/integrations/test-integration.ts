import type { EmailIntegration } from '../entities';

/** An email integration for tests, with overrides. */
export function testIntegration(overrides: Partial<EmailIntegration> = {}): EmailIntegration {
  return {
    id: 'int-1',
    userId: 'user-1',
    provider: 'office365',
    emailAddress: 'me@firm.com',
    isActive: true,
    tokenExpiresAt: '2024-05-10T18:00:00.000Z',
    lastSyncAt: '2024-05-10T11:55:00.000Z',
    scopes: ['Mail.ReadWrite', 'Mail.Send'],
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-05-10T11:55:00.000Z',
    metadata: {},
    ...overrides,
  };
}
