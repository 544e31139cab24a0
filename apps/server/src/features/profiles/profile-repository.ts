import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';

/** The profiles feature's queries: the user's own profile row (row-level security: own row only) and their sign-in email. */

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

export type ProfileChanges = Partial<
  Pick<
    typeof profiles.$inferInsert,
    'fullName' | 'email' | 'jobTitle' | 'handle' | 'capacityHours' | 'notificationSettings' | 'timeZone'
  >
>;

/** Saves a partial profile (undefined fields keep their value); null when the user has no profile row. */
export async function updateProfileRow(
  tx: DbOrTx,
  options: { userId: string; changes: ProfileChanges },
): Promise<ProfileRow | null> {
  const [row] = await tx
    .update(profiles)
    .set({ ...options.changes, updatedAt: new Date() })
    .where(eq(profiles.id, options.userId))
    .returning();
  return row ?? null;
}

/** Whether an account other than `exceptUserId` signs in with `email` (lower-cased), in any case. */
export async function isSignInEmailTaken(
  db: DbOrTx,
  options: { email: string; exceptUserId: string },
): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, options.email), ne(users.id, options.exceptUserId)))
    .limit(1);
  return Boolean(taken);
}

/** The email the account signs in with now, or null. */
export async function findSignInEmail(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
