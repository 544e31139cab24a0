import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES } from '@ledgerdesk/domain/constants';
import { AVATAR_IMAGE_FORMATS } from '@ledgerdesk/domain/profile/detect-image-type';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withUser } from '../../db/with-user';
import { notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import type { AvatarFileName } from '../../storage/avatar-storage';
import { createAvatarStorage } from '../../storage/create-avatar-storage';
import { toProfileDto } from './profile-dto';
import { setAvatarUrl } from './profile-repository';
import { readAvatarUpload } from './read-avatar-upload';

// User ids are UUIDs (better-auth's generateId); file names are exactly avatar.{known extension}. Nothing
// else reaches storage, so no path can climb out of a user's folder.
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EXTENSIONS = Object.values(AVATAR_IMAGE_FORMATS).map((format) => format.extension);
const CONTENT_TYPES = new Map(
  Object.values(AVATAR_IMAGE_FORMATS).map((format) => [`avatar.${format.extension}`, format.contentType]),
);

/** What an avatar URL's path names (documented and swept; the route itself answers 404 to anything else). */
const avatarParams = z.strictObject({
  userId: z.uuid(),
  file: z.string().regex(/^avatar\.(png|jpg|gif|webp)$/),
});

/** The avatar URL stored on the profile: stable path, `?v=` changes with every upload to bust caches. */
export function avatarUrl(userId: string, extension: string, version = Date.now()): string {
  return `/api/avatars/${userId}/avatar.${extension}?v=${version}`;
}

/**
 * POST /api/profile/avatar stores the signed-in user's picture at avatars/{userId}/avatar.{ext} (spec §7
 * Storage) and points profiles.avatar_url at it; GET /api/avatars/:userId/:file serves any user's picture to
 * any signed-in user, since colleagues see each other's avatars.
 */
export async function avatarRoutes(app: FastifyInstance): Promise<void> {
  const storage = createAvatarStorage(app.env);
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/profile/avatar',
      summary: 'Upload the avatar (multipart, field `file`, at most 5 MB).',
      auth: { action: 'upload a profile picture' },
      isMultipart: true,
    },
    async ({ request, user }) => {
      const upload = await readAvatarUpload(request);
      const fileName: AvatarFileName = `avatar.${upload.extension}`;
      await storage.put(user.id, fileName, upload.bytes, upload.contentType);
      const row = await withUser(app.db, user.id, (tx) =>
        setAvatarUrl(tx, { userId: user.id, avatarUrl: avatarUrl(user.id, upload.extension) }),
      );
      if (!row) throw notFound('Profile not found.');
      // Only after the profile points at the new file: a picture under another extension is now stale.
      await Promise.all(
        EXTENSIONS.filter((extension) => extension !== upload.extension).map((extension) =>
          storage.remove(user.id, `avatar.${extension}`),
        ),
      );
      return { profile: toProfileDto(row) };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/avatars/:userId/:file',
      summary: 'An avatar image.',
      auth: { action: 'view profile pictures' },
      params: avatarParams,
      // Checked below: a name that is not a stored avatar answers 404, not 400.
      parseParams: (params) => params as z.infer<typeof avatarParams>,
      isSharedRead: true,
    },
    async ({ reply, params: { userId, file } }) => {
      const contentType = CONTENT_TYPES.get(file);
      if (!USER_ID.test(userId) || !contentType) throw notFound('Profile picture not found.');
      const bytes = await storage.get(userId, file as AvatarFileName);
      if (!bytes) throw notFound('Profile picture not found.');
      return reply
        .header('content-type', contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(bytes);
    },
  );
}
