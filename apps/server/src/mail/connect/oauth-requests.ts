import crypto from 'node:crypto';
import type { Provider } from '@ledgerdesk/domain/entities';
import { and, desc, eq, like, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verifications } from '../../db/schema/auth';

/** How long a started connection may take (the spec's popup gives up after 5 minutes). */
const REQUEST_LIFETIME_MS = 15 * 60_000;

type Stored = { verifier: string; redirectUri: string; sharedMailbox?: string };

const prefix = (userId: string, provider: Provider) => `mail-oauth:${provider}:${userId}:`;

/**
 * Keeps the PKCE verifier of a started connection server-side, bound to the user, the provider, the state
 * and the redirect URI, so a code can only be redeemed by the user who started the flow.
 */
export async function saveOAuthRequest(
  db: Db,
  input: {
    userId: string;
    provider: Provider;
    state: string;
    verifier: string;
    redirectUri: string;
    sharedMailbox?: string | undefined;
  },
): Promise<void> {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, 'mail-oauth:%'), lt(verifications.expiresAt, new Date())));
  const value: Stored = {
    verifier: input.verifier,
    redirectUri: input.redirectUri,
    ...(input.sharedMailbox ? { sharedMailbox: input.sharedMailbox } : {}),
  };
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: `${prefix(input.userId, input.provider)}${input.state}`,
    value: JSON.stringify(value),
    expiresAt: new Date(Date.now() + REQUEST_LIFETIME_MS),
  });
}

/**
 * Takes (and deletes) the user's started connection for this redirect URI: the one with `state` when given,
 * else the newest. Null when there is none, it expired, or the redirect URI differs.
 */
export async function takeOAuthRequest(
  db: Db,
  input: { userId: string; provider: Provider; state?: string | undefined; redirectUri: string },
): Promise<{ verifier: string; sharedMailbox: string | null } | null> {
  const base = prefix(input.userId, input.provider);
  const match = input.state
    ? eq(verifications.identifier, `${base}${input.state}`)
    : like(verifications.identifier, `${base.replace(/[\\%_]/g, '\\$&')}%`);
  const rows = await db
    .select()
    .from(verifications)
    .where(match)
    .orderBy(desc(verifications.createdAt))
    .limit(20);
  for (const row of rows) {
    const stored = JSON.parse(row.value) as Stored;
    if (stored.redirectUri !== input.redirectUri || row.expiresAt.getTime() < Date.now()) continue;
    const deleted = await db
      .delete(verifications)
      .where(eq(verifications.id, row.id))
      .returning({ id: verifications.id });
    return deleted.length > 0
      ? { verifier: stored.verifier, sharedMailbox: stored.sharedMailbox ?? null }
      : null;
  }
  return null;
}
