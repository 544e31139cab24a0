import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user';
import { profiles } from '../../db/schema/profiles';
import { withUser } from '../../db/with-user';
import { notFound } from '../../http/app-error';

/** GET /api/profile: the signed-in user's profile row (spec §7 profiles: read one by id). */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/profile', async (request) => {
    const user = requireUser(request, 'view your profile');
    const [profile] = await withUser(app.db, user.id, (tx) =>
      tx.select().from(profiles).where(eq(profiles.id, user.id)),
    );
    if (!profile) throw notFound('Profile not found.');
    return { profile: toProfileDto(profile) };
  });
}

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
    updatedAt: row.updatedAt.toISOString(),
  };
}
