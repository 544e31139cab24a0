import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './profile-update-schema';

describe('profileUpdateSchema', () => {
  const full = {
    fullName: 'Alex Morgan',
    email: 'alex@firm.com',
    jobTitle: 'Senior Accountant',
    handle: '@alex',
    capacityHours: 37,
    notificationSettings: { email: true, push: false, mentions: true },
  };

  it('accepts a full profile save', () => {
    expect(profileUpdateSchema.parse(full)).toEqual(full);
  });

  it('accepts a partial update', () => {
    expect(profileUpdateSchema.safeParse({ jobTitle: '' }).success).toBe(true);
  });

  it('rejects unknown keys', () => {
    expect(profileUpdateSchema.safeParse({ ...full, avatarUrl: 'x' }).success).toBe(false);
    expect(
      profileUpdateSchema.safeParse({
        notificationSettings: { email: true, push: true, mentions: true, sms: true },
      }).success,
    ).toBe(false);
  });

  it('limits capacity hours to whole numbers 1..80', () => {
    expect(profileUpdateSchema.safeParse({ capacityHours: 0 }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ capacityHours: 81 }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ capacityHours: 7.5 }).success).toBe(false);
  });

  it('limits text lengths', () => {
    expect(profileUpdateSchema.safeParse({ fullName: 'x'.repeat(201) }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ email: `${'x'.repeat(310)}@firm.com` }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ email: 'x'.repeat(321) }).success).toBe(false);
  });

  it('requires all three notification toggles as booleans', () => {
    expect(profileUpdateSchema.safeParse({ notificationSettings: { email: true } }).success).toBe(false);
    expect(
      profileUpdateSchema.safeParse({ notificationSettings: { email: 'yes', push: true, mentions: true } })
        .success,
    ).toBe(false);
  });
});
