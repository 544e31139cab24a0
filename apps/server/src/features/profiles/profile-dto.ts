import type { profiles } from '../../db/schema/profiles';

/** The profile as the API sends it (camelCase, ISO dates). */
export function toProfileDto(row: typeof profiles.$inferSelect) {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    avatarUrl: row.avatarUrl,
    jobTitle: row.jobTitle,
    handle: row.handle,
    capacityHours: row.capacityHours,
    notificationSettings: row.notificationSettings,
    timeZone: row.timeZone,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type ProfileDto = ReturnType<typeof toProfileDto>;
