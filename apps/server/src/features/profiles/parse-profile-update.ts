import { CAPACITY_HOURS_MAX, CAPACITY_HOURS_MIN } from '@ledgerdesk/domain/constants';
import { type ProfileUpdate, profileUpdateSchema } from '@ledgerdesk/domain/profile/profile-update-schema';
import type { z } from 'zod';
import { badRequest } from '../../http/app-error';

export const CAPACITY_HOURS_MESSAGE = `Capacity hours must be a whole number from ${CAPACITY_HOURS_MIN} to ${CAPACITY_HOURS_MAX}.`;

const LABELS: Record<string, string> = {
  fullName: 'Full name',
  email: 'Email',
  jobTitle: 'Job title',
  handle: 'Handle',
  capacityHours: 'Capacity hours',
  notificationSettings: 'Notification settings',
  timeZone: 'Time zone',
  currentPassword: 'Current password',
};

function sentenceFor(issue: z.core.$ZodIssue): string {
  const field = String(issue.path[0] ?? '');
  const label = LABELS[field] ?? field;
  if (field === 'capacityHours') return CAPACITY_HOURS_MESSAGE;
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}.`;
  if (issue.code === 'too_big') return `${label} must be at most ${String(issue.maximum)} characters.`;
  if (field === 'notificationSettings')
    return 'Notification settings need email, push and mentions as on or off.';
  // A body that is not an object at all has no field to name.
  return label ? `${label}: ${issue.message}` : issue.message;
}

/**
 * Validates a profile save against the domain schema (strict, partial) and answers 400 with one plain
 * sentence, e.g. "Capacity hours must be a whole number from 1 to 80.", plus every issue in details.
 */
export function parseProfileUpdate(body: unknown): ProfileUpdate {
  const result = profileUpdateSchema.safeParse(body === undefined ? {} : body);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = result.error.issues[0];
  throw badRequest(first ? sentenceFor(first) : 'Invalid profile.', issues);
}
