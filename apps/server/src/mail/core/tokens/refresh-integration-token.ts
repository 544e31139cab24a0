import { CONNECTION_EXPIRED_MESSAGE, reconnectReason } from '@ledgerdesk/domain/mail/token-messages';
import { withUser } from '../../../db/with-user';
import { MailError } from '../errors';
import type { IntegrationCtx, IntegrationRow } from '../integration-store';
import { recordFailure } from '../notices/failure-notice';
import type { TokenSet } from '../provider';
import { isProviderError } from '../transport/provider-error';
import { saveTokens } from './stored-tokens';

export type FreshToken = { accessToken: string; expiresAt: Date | null };

/** The provider's refresh-token grant (its adapter's `refreshToken`), handed in by the engine. */
export type TokenRefresher = (refreshToken: string) => Promise<TokenSet>;

const inFlight = new Map<string, Promise<FreshToken>>();

/**
 * Refreshes an integration's access token and stores the new tokens. Concurrent callers in this process share
 * one refresh. A refresh only the user can repair — a refused refresh token (`invalid_grant`), a sign-in step the
 * tenant now asks for (`interaction_required`), consent withdrawn (`consent_required`) — marks the integration as
 * needing reconnection, with the reason in words; a transient refusal stays a failure of this run.
 */
export function refreshIntegrationToken(
  ctx: IntegrationCtx,
  integration: IntegrationRow,
  refreshTokens: TokenRefresher,
): Promise<FreshToken> {
  const running = inFlight.get(integration.id);
  if (running) return running;
  const refresh = runRefresh(ctx, integration, refreshTokens).finally(() => inFlight.delete(integration.id));
  inFlight.set(integration.id, refresh);
  return refresh;
}

async function runRefresh(
  ctx: IntegrationCtx,
  integration: IntegrationRow,
  refreshTokens: TokenRefresher,
): Promise<FreshToken> {
  if (integration.needsReconnect) throw new MailError('reconnect_required', CONNECTION_EXPIRED_MESSAGE);
  const refreshToken = readRefreshToken(ctx, integration);
  if (!refreshToken) return markReconnect(ctx, integration, CONNECTION_EXPIRED_MESSAGE);
  try {
    const tokens = await refreshTokens(refreshToken);
    await withUser(ctx.deps.db, ctx.userId, (tx) => saveTokens(ctx.deps, tx, integration.id, tokens));
    return { accessToken: tokens.accessToken, expiresAt: tokens.expiresAt };
  } catch (error) {
    if (isProviderError(error, 'invalid_grant'))
      return markReconnect(ctx, integration, reconnectReason(error.providerCode));
    throw error;
  }
}

function readRefreshToken(ctx: IntegrationCtx, integration: IntegrationRow): string | null {
  if (!integration.refreshToken) return null;
  try {
    return ctx.deps.tokenCipher.decrypt(integration.refreshToken);
  } catch {
    // Encrypted with another key (TOKEN_ENCRYPTION_KEY changed): only a reconnect yields a usable token.
    return null;
  }
}

async function markReconnect(
  ctx: IntegrationCtx,
  integration: IntegrationRow,
  reason: string,
): Promise<never> {
  await recordFailure(ctx, integration, 'reconnect', reason, {
    needsReconnect: true,
    reconnectReason: reason,
  });
  integration.needsReconnect = true;
  throw new MailError('reconnect_required', CONNECTION_EXPIRED_MESSAGE);
}
