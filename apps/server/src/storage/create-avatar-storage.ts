import type { Env } from '../config/env';
import type { AvatarStorage } from './avatar-storage';
import { createLocalAvatarStorage } from './local-avatar-storage';
import { createS3AvatarStorage } from './s3-avatar-storage';

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
