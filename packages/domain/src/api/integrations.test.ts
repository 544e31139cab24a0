import { describe, expect, it } from 'vitest';
import {
  createNotificationSourceSchema,
  idParamsSchema,
  publicIntegrationMetadata,
  updateNotificationSourceSchema,
} from './integrations';

describe('publicIntegrationMetadata', () => {
  it('keeps the reset fields and drops delta tokens, history ids and secrets', () => {
    const metadata = publicIntegrationMetadata({
      last_complete_reset_at: '2024-05-10T12:00:00.000Z',
      reset_scope: { inbox: true, sent: false, archive: true },
      reset_items_count: 42,
      post_reset_state: true,
      reset_baseline_date: '2024-04-10T12:00:00.000Z',
      sync_from_date: '2024-04-10T12:00:00.000Z',
      delta_token_inbox: 'https://graph/delta?$deltatoken=abc',
      delta_token_sent: null,
      history_id: '12345',
      pkce_verifier: 'x',
      next_link: 'https://graph/next',
    });
    expect(Object.keys(metadata).sort()).toEqual([
      'last_complete_reset_at',
      'post_reset_state',
      'reset_baseline_date',
      'reset_items_count',
      'reset_scope',
      'sync_from_date',
    ]);
  });
});

describe('notification source schemas', () => {
  it('fills in the email type and accepts a bare name', () => {
    expect(createNotificationSourceSchema.parse({ sourceName: ' me@firm.com ' })).toEqual({
      sourceType: 'email',
      sourceName: 'me@firm.com',
    });
  });

  it('rejects an empty name, unknown keys, out-of-range numbers and wrong types', () => {
    expect(createNotificationSourceSchema.safeParse({ sourceName: '  ' }).success).toBe(false);
    expect(createNotificationSourceSchema.safeParse({ sourceName: 'a', userId: 'x' }).success).toBe(false);
    expect(createNotificationSourceSchema.safeParse({ sourceName: 'a', priority: 11 }).success).toBe(false);
    expect(
      createNotificationSourceSchema.safeParse({ sourceName: 'a', syncIntervalMinutes: 0 }).success,
    ).toBe(false);
    expect(createNotificationSourceSchema.safeParse({ sourceName: 'a', syncEnabled: 'yes' }).success).toBe(
      false,
    );
    expect(createNotificationSourceSchema.safeParse({ sourceName: 'x'.repeat(201) }).success).toBe(false);
  });

  it('needs at least one field to update', () => {
    expect(updateNotificationSourceSchema.safeParse({}).success).toBe(false);
    expect(updateNotificationSourceSchema.safeParse({ priority: 3 }).success).toBe(true);
  });

  it('accepts only UUID ids', () => {
    expect(idParamsSchema.safeParse({ id: 'not-a-uuid' }).success).toBe(false);
    expect(idParamsSchema.safeParse({ id: '6f1c7d2e-1b7a-4a53-9b0e-2d9c4c1f8e11' }).success).toBe(true);
  });
});
