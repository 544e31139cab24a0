import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailIntegrations } from '../../db/schema/email-integrations';
import type { Tx } from '../../db/with-user';
import type { TokenSet } from '../provider';
import { tokenCipher } from './app-token-cipher';

/** The columns a token set is stored in, encrypted (a refresh token the provider did not replace is kept). */
export function tokenColumns(app: FastifyInstance, tokens: TokenSet) {
  const cipher = tokenCipher(app);
  return {
    accessToken: cipher.encrypt(tokens.accessToken),
    ...(tokens.refreshToken ? { refreshToken: cipher.encrypt(tokens.refreshToken) } : {}),
    tokenExpiresAt: tokens.expiresAt,
    ...(tokens.scopes ? { scopes: tokens.scopes } : {}),
  };
}

/** Stores a refreshed token set on an integration. */
export async function saveTokens(app: FastifyInstance, tx: Tx, integrationId: string, tokens: TokenSet) {
  await tx
    .update(emailIntegrations)
    .set({ ...tokenColumns(app, tokens), updatedAt: new Date() })
    .where(eq(emailIntegrations.id, integrationId));
}
