import { eq } from 'drizzle-orm';
import { emailIntegrations } from '../../../db/schema/email-integrations';
import type { Tx } from '../../../db/with-user';
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
