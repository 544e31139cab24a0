import { displayName } from '@ledgerdesk/domain/shell/display-name';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/require-user';
import { rowsOf } from '../../db/rows-of';
import type { Tx } from '../../db/with-user';

// Colleagues are named by their display name (spec §5: the profile's full name, else the part of the email before
// the @), never by their address (issue 27). Inside `withUser`.

/** The signed-in user's display name, as colleagues see it (their own profile row, readable under RLS). */
export async function actorDisplayName(tx: Tx, user: SessionUser): Promise<string> {
  const [row] = rowsOf<{ full_name: string | null }>(
    await tx.execute(sql`select full_name from profiles where id = ${user.id}`),
  );
  return displayName(row?.full_name, user.email);
}
