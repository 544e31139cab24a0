import { profileUpdateSchema } from '@ledgerdesk/domain/profile/profile-update-schema';
import type { FastifyInstance } from 'fastify';
import { withUser } from '../../db/with-user';
import { notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { avatarRoutes } from './avatar-routes';
import { parseProfileUpdate } from './parse-profile-update';
import { toProfileDto } from './profile-dto';
import { findProfile } from './profile-repository';
import { updateProfile } from './update-profile';

export { toProfileDto } from './profile-dto';

/**
 * The signed-in user's profile (spec §7 profiles): GET reads it, PATCH saves a partial update; the avatar
 * upload and the avatar files live in avatar-routes.
 */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/profile',
      summary: "The signed-in user's profile.",
      auth: { action: 'view your profile' },
    },
    async ({ user }) => {
      const profile = await withUser(app.db, user.id, (tx) => findProfile(tx, user.id));
      if (!profile) throw notFound('Profile not found.');
      return { profile: toProfileDto(profile) };
    },
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      path: '/api/profile',
      summary: 'Save a partial profile; a new email needs currentPassword.',
      auth: { action: 'update your profile' },
      body: profileUpdateSchema,
      // The profile form's own sentences ("Capacity hours must be …"), not `field: message`.
      parseBody: parseProfileUpdate,
    },
    async ({ request, reply, user, body: input }) => {
      const result = await updateProfile(app, { user, input, requestHeaders: request.headers });
      if (result.setCookies.length > 0) reply.header('set-cookie', result.setCookies);
      return { profile: result.profile, signInEmail: result.signInEmail };
    },
  );

  await app.register(avatarRoutes);
}
