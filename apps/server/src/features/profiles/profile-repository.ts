import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../../db/schema/profiles';

/** Reads and writes of the user's own profile row (row-level security: own row only). */

export type ProfileRow = typeof profiles.$inferSelect;

export async function findProfile(tx: DbOrTx, userId: string): Promise<ProfileRow | null> {
  const [row] = await tx.select().from(profiles).where(eq(profiles.id, userId));
  return row ?? null;
}

/** Points the profile at a new avatar; null when the user has no profile row. */
export async function setAvatarUrl(
  tx: DbOrTx,
  options: { userId: string; avatarUrl: string },
): Promise<ProfileRow | null> {
  const [row] = await tx
    .update(profiles)
    .set({ avatarUrl: options.avatarUrl, updatedAt: new Date() })
    .where(eq(profiles.id, options.userId))
    .returning();
  return row ?? null;
}
