import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import { notificationSources } from '../../db/schema/notification-sources';
import { profiles } from '../../db/schema/profiles';
import { withUser } from '../../db/with-user';
import type { IntegrationCtx } from '../core/integration-store';
import { normalizeHandle } from './mention';
import type { RowContext } from './triage-values';

/** What every synced row of one integration shares: owner, the user's @handle, the mailbox's email source. */
export async function loadRowContext(ctx: IntegrationCtx, integrationId: string): Promise<RowContext> {
  return withUser(ctx.deps.db, ctx.userId, async (tx) => {
    const [profile] = await tx
      .select({ handle: profiles.handle })
      .from(profiles)
      .where(eq(profiles.id, ctx.userId));
    const [source] = await tx
      .select({ id: notificationSources.id })
      .from(notificationSources)
      .where(
        and(
          eq(notificationSources.sourceType, 'email'),
          sql`${notificationSources.configuration}->>'integration_id' = ${integrationId}`,
        ),
      )
      .limit(1);
    const choices = rowsOf<{ address: string; kind: 'email' | 'notification' }>(
      await tx.execute(sql`select address, kind from sender_preferences where user_id = ${ctx.userId}`),
    );
    return {
      userId: ctx.userId,
      integrationId,
      handle: normalizeHandle(profile?.handle),
      sourceId: source?.id ?? null,
      senderKinds: new Map(choices.map((choice) => [choice.address, choice.kind])),
      filing: ctx.deps.filing,
    };
  });
}
