import { z } from 'zod';
import { CAPACITY_HOURS_MAX, CAPACITY_HOURS_MIN } from '../constants';

export const PROFILE_TEXT_MAX_LENGTH = 200;
export const PROFILE_EMAIL_MAX_LENGTH = 320;

export const notificationSettingsSchema = z.strictObject({
  email: z.boolean(),
  push: z.boolean(),
  mentions: z.boolean(),
});

/** Body of a profile update: every field optional (partial update), unknown keys rejected. */
export const profileUpdateSchema = z.strictObject({
  fullName: z.string().max(PROFILE_TEXT_MAX_LENGTH).nullable().optional(),
  email: z.string().max(PROFILE_EMAIL_MAX_LENGTH).nullable().optional(),
  jobTitle: z.string().max(PROFILE_TEXT_MAX_LENGTH).nullable().optional(),
  handle: z.string().max(PROFILE_TEXT_MAX_LENGTH).nullable().optional(),
  capacityHours: z.int().min(CAPACITY_HOURS_MIN).max(CAPACITY_HOURS_MAX).optional(),
  notificationSettings: notificationSettingsSchema.optional(),
});

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
