// The one writer of an integration's token columns: a connect's or refresh's token set, and a token refused early.
import { and, eq } from 'drizzle-orm';
import { emailIntegrations } from '../../../db/schema/email-integrations';
import { type Tx, withUser } from '../../../db/with-user';
import type { IntegrationCtx } from '../integration-store';
import type { MailDeps } from '../mail-deps';
import type { TokenSet } from '../provider';

/** The columns a token set is stored in, encrypted (a refresh token the provider did not replace is kept). */
export function tokenColumns(deps: MailDeps, tokens: TokenSet) {
  const cipher = deps.tokenCipher;
  return {
    accessToken: cipher.encrypt(tokens.accessToken),
    ...(tokens.refreshToken ? { refreshToken: cipher.encrypt(tokens.refreshToken) } : {}),
    tokenExpiresAt: tokens.expiresAt,
    ...(tokens.scopes ? { scopes: tokens.scopes } : {}),
  };
}

/** Stores a refreshed token set on an integration. */
export async function saveTokens(deps: MailDeps, tx: Tx, integrationId: string, tokens: TokenSet) {
  await tx
    .update(emailIntegrations)
    .set({ ...tokenColumns(deps, tokens), updatedAt: new Date() })
    .where(eq(emailIntegrations.id, integrationId));
}

/** Sets token_expires_at to now, unless a refresh has already stored a newer token (its expiry differs). */
export async function markTokenExpired(
  ctx: IntegrationCtx,
  integrationId: string,
  usedExpiry: Date,
): Promise<void> {
  const now = new Date();
  if (usedExpiry.getTime() <= now.getTime()) return;
  await withUser(ctx.deps.db, ctx.userId, (tx) =>
    tx
      .update(emailIntegrations)
      .set({ tokenExpiresAt: now })
      .where(and(eq(emailIntegrations.id, integrationId), eq(emailIntegrations.tokenExpiresAt, usedExpiry))),
  );
}
