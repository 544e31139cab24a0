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
