import { describe, expect, it } from 'vitest';
import type { NotificationSource } from '../entities';
import { migrationSourcesFor, needsMigration } from './migration';
import { testIntegration } from './test-integration';

const now = new Date('2024-05-10T12:00:00Z');

const source = (overrides: Partial<NotificationSource> = {}) => ({
  sourceType: 'email',
  sourceName: 'someone@else.com',
  configuration: {},
  ...overrides,
});

describe('needsMigration', () => {
  it('is needed when active integrations outnumber email sources', () => {
    const active = [testIntegration({ id: 'a' }), testIntegration({ id: 'b' })];
    expect(needsMigration(active, [source()])).toBe(true);
    expect(needsMigration(active, [source(), source()])).toBe(false);
  });

  it('counts only active integrations and email sources', () => {
    expect(needsMigration([testIntegration({ isActive: false })], [])).toBe(false);
    expect(needsMigration([testIntegration()], [source({ sourceType: 'slack' })])).toBe(true);
  });
});

describe('migrationSourcesFor', () => {
  it('creates one email source per active mailbox with the spec intervals and priorities', () => {
    const created = migrationSourcesFor(
      [
        testIntegration({ id: 'o', provider: 'office365', emailAddress: 'me@firm.com' }),
        testIntegration({ id: 'g', provider: 'gmail', emailAddress: 'me@gmail.com' }),
      ],
      [],
      now,
    );
    expect(created).toEqual([
      {
        sourceType: 'email',
        sourceName: 'me@firm.com',
        isActive: true,
        syncEnabled: true,
        syncIntervalMinutes: 1,
        peakHoursIntervalMinutes: 1,
        offPeakIntervalMinutes: 3,
        priority: 8,
        configuration: {
          provider: 'office365',
          integration_id: 'o',
          last_migrated_at: '2024-05-10T12:00:00.000Z',
        },
      },
      expect.objectContaining({ sourceName: 'me@gmail.com', priority: 7 }),
    ]);
  });

  it('skips mailboxes that already have a source, by integration id or name', () => {
    const created = migrationSourcesFor(
      [
        testIntegration({ id: 'a', emailAddress: 'a@x.com' }),
        testIntegration({ id: 'b', emailAddress: 'B@x.com' }),
        testIntegration({ id: 'c', emailAddress: 'c@x.com' }),
      ],
      [source({ configuration: { integration_id: 'a' } }), source({ sourceName: 'b@x.com' })],
      now,
    );
    expect(created.map((s) => s.sourceName)).toEqual(['c@x.com']);
  });

  it('skips inactive integrations', () => {
    expect(migrationSourcesFor([testIntegration({ isActive: false })], [], now)).toEqual([]);
  });
});
