import type { IncomingHttpHeaders } from 'node:http';
import { FIRM_TEXTS } from '@ledgerdesk/domain/api/firms-endpoints';
import type { ProfileUpdate } from '@ledgerdesk/domain/profile/profile-update-schema';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../auth/require-user';
import { pgErrorInfo } from '../../db/pg-error';
import { withUser } from '../../db/with-user';
import { conflict, notFound } from '../../http/app-error';
import {
  changeSignInEmail,
  normaliseProfileEmail,
  restoreSignInEmail,
  type SignInEmailChange,
} from './change-sign-in-email';
import { type ProfileDto, toProfileDto } from './profile-dto';
import { updateProfileRow } from './profile-repository';

type UpdateOptions = { user: SessionUser; input: ProfileUpdate; requestHeaders: IncomingHttpHeaders };

// Free text is stored trimmed; an emptied field becomes null, so the sidebar falls back as the spec says.
function text(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * Saves a partial profile update (spec §7: update own row with partial fields) in one transaction. A new
 * email also moves the sign-in email through the auth library; if the profile write then fails, that move is
 * undone, so a failed save changes nothing.
 */
export async function updateProfile(
  app: FastifyInstance,
  { user, input, requestHeaders }: UpdateOptions,
): Promise<{ profile: ProfileDto; signInEmail: SignInEmailChange; setCookies: string[] }> {
  const email = input.email === undefined ? undefined : normaliseProfileEmail(input.email);
  const changes = {
    fullName: text(input.fullName),
    email,
    jobTitle: text(input.jobTitle),
    handle: text(input.handle),
    capacityHours: input.capacityHours,
    notificationSettings: input.notificationSettings,
    timeZone: input.timeZone,
  };
  const signIn = email
    ? await changeSignInEmail(app, user, email, input.currentPassword, requestHeaders)
    : { change: 'unchanged' as const, setCookies: [] };
  try {
    const row = await withUser(app.db, user.id, (tx) => updateProfileRow(tx, { userId: user.id, changes }));
    if (!row) throw notFound('Profile not found.');
    return { profile: toProfileDto(row), signInEmail: signIn.change, setCookies: signIn.setCookies };
  } catch (error) {
    if (signIn.change === 'updated') await restoreSignInEmail(app, user);
    if (isFirmHandleTaken(error)) throw conflict(FIRM_TEXTS.handleTaken);
    throw error;
  }
}

/** A colleague in the user's firm holds the handle (migration 0024: handles are unique within a firm). */
function isFirmHandleTaken(error: unknown): boolean {
  const info = pgErrorInfo(error);
  return (
    info?.code === '23505' &&
    (info.constraint === 'firm_members_handle_unique' || info.message.includes('firm handle taken'))
  );
}
