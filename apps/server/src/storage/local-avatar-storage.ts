import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AvatarFileName, AvatarStorage } from './avatar-storage';

/** Avatars on local disk: `{dataDir}/storage/avatars/{userId}/avatar.{ext}`. */
export function createLocalAvatarStorage(dataDir: string): AvatarStorage {
  const root = path.resolve(dataDir, 'storage', 'avatars');

  function fileFor(userId: string, fileName: AvatarFileName): string {
    const file = path.resolve(root, userId, fileName);
    // Callers validate ids and names already; this keeps a mistake from ever leaving the avatars folder.
    if (!file.startsWith(`${root}${path.sep}`)) throw new Error('avatar path escapes the storage folder');
    return file;
  }

  return {
    kind: 'local',
    async put(userId, fileName, bytes) {
      const file = fileFor(userId, fileName);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write beside it, then rename: a reader never sees half a picture.
      const temporary = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, file);
    },
    async get(userId, fileName) {
      try {
        return await fs.readFile(fileFor(userId, fileName));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(userId, fileName) {
      await fs.rm(fileFor(userId, fileName), { force: true });
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
