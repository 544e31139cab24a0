import type { Env } from '../config/env';
import { createLocalAvatarStorage } from './local-avatar-storage';
import { createS3AvatarStorage } from './s3-avatar-storage';

/** An avatar file name: always `avatar.{extension}` (spec §3: path {userId}/avatar.{extension}). */
export type AvatarFileName = `avatar.${string}`;

/**
 * Where avatar files live. Keys are `{userId}/avatar.{ext}`; callers validate both parts before calling,
 * so an implementation never sees a path it did not expect.
 */
export type AvatarStorage = {
  kind: 'local' | 's3';
  /** Writes (or overwrites) one user's avatar file. */
  put(userId: string, fileName: AvatarFileName, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(userId: string, fileName: AvatarFileName): Promise<Buffer | null>;
  /** Removes one file; removing a missing file is not an error. */
  remove(userId: string, fileName: AvatarFileName): Promise<void>;
};

/** The S3-compatible bucket when S3_* is configured, otherwise local disk under DATA_DIR/storage/avatars. */
export function createAvatarStorage(env: Env): AvatarStorage {
  if (env.S3_BUCKET && env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return createS3AvatarStorage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      region: env.S3_REGION,
    });
  }
  return createLocalAvatarStorage(env.DATA_DIR);
}
