import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user';
import { profiles } from '../../db/schema/profiles';
import { withUser } from '../../db/with-user';
import { notFound } from '../../http/app-error';
import { avatarRoutes } from './avatar-routes';
import { parseProfileUpdate } from './parse-profile-update';
import { toProfileDto } from './profile-dto';
import { updateProfile } from './update-profile';

export { toProfileDto } from './profile-dto';

/**
 * The signed-in user's profile (spec §7 profiles): GET reads it, PATCH saves a partial update; the avatar
 * upload and the avatar files live in avatar-routes.
 */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/profile', async (request) => {
    const user = requireUser(request, 'view your profile');
    const [profile] = await withUser(app.db, user.id, (tx) =>
      tx.select().from(profiles).where(eq(profiles.id, user.id)),
    );
    if (!profile) throw notFound('Profile not found.');
    return { profile: toProfileDto(profile) };
  });

  app.patch('/api/profile', async (request, reply) => {
    const user = requireUser(request, 'update your profile');
    const input = parseProfileUpdate(request.body);
    const result = await updateProfile(app, { user, input, requestHeaders: request.headers });
    if (result.setCookies.length > 0) reply.header('set-cookie', result.setCookies);
    return { profile: result.profile, signInEmail: result.signInEmail };
  });

  await app.register(avatarRoutes);
}
