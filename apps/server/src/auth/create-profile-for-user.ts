import type { Db } from '../db/client';
import { profiles } from '../db/schema/profiles';
import { withUser } from '../db/with-user';

/** Every new account gets its profile row (spec §3 defaults: capacity 40, notifications all on). */
export async function createProfileForUser(
  db: Db,
  user: { id: string; email: string; name: string },
): Promise<void> {
  await withUser(db, user.id, (tx) =>
    tx
      .insert(profiles)
      .values({ id: user.id, email: user.email, fullName: user.name.trim() || null })
      .onConflictDoNothing(),
  );
}
