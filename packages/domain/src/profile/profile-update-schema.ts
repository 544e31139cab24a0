import { z } from 'zod';
import { safeName, safeString } from '../api/safe-string';
import { PASSWORD_MAX_LENGTH } from '../auth/credentials-rules';
import { CAPACITY_HOURS_MAX, CAPACITY_HOURS_MIN } from '../constants';
import { isTimeZone } from '../triage/snooze';

export const PROFILE_TEXT_MAX_LENGTH = 200;
export const PROFILE_EMAIL_MAX_LENGTH = 320;

export const notificationSettingsSchema = z.strictObject({
  email: z.boolean(),
  push: z.boolean(),
  mentions: z.boolean(),
});

/** Body of a profile update: every field optional (partial update), unknown keys rejected. */
export const profileUpdateSchema = z.strictObject({
  fullName: safeString().max(PROFILE_TEXT_MAX_LENGTH).nullable().optional(),
  email: safeString().max(PROFILE_EMAIL_MAX_LENGTH).nullable().optional(),
  jobTitle: safeString().max(PROFILE_TEXT_MAX_LENGTH).nullable().optional(),
  /** A name others @mention: no line breaks, control characters or text-direction marks. */
  handle: safeName().max(PROFILE_TEXT_MAX_LENGTH).nullable().optional(),
  capacityHours: z.int().min(CAPACITY_HOURS_MIN).max(CAPACITY_HOURS_MAX).optional(),
  notificationSettings: notificationSettingsSchema.optional(),
  /** IANA time zone for snooze and reminder times (detected by the browser at first sign-in). */
  timeZone: safeString().max(64).refine(isTimeZone, 'is not a known time zone').optional(),
  /** Needed only when `email` changes the sign-in email. */
  currentPassword: safeString().max(PASSWORD_MAX_LENGTH).optional(),
});

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
