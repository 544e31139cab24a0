import type { IntegrationCtx, IntegrationRow } from './core/integration-store';
import type { MailSession } from './core/session/mail-session';
import { openSession, type SessionOptions } from './core/session/open-session';
import { type FreshToken, refreshIntegrationToken } from './core/tokens/refresh-integration-token';
import { oauthOf, providerFor } from './providers';

/** A session for an integration whose token refreshes through its own provider's adapter. */
export function openProviderSession(
  ctx: IntegrationCtx,
  integration: IntegrationRow,
  options: Omit<SessionOptions, 'refreshTokens'>,
): MailSession {
  return openSession(ctx, integration, { ...options, refreshTokens: refresherFor(ctx, integration) });
}

/** Refreshes an integration's access token now (scheduled renewals, the integration service). */
export function refreshProviderToken(ctx: IntegrationCtx, integration: IntegrationRow): Promise<FreshToken> {
  return refreshIntegrationToken(ctx, integration, refresherFor(ctx, integration));
}

/** The refresh asks for the scopes of the integration's grant (a shared mailbox's `.Shared` ones included). */
function refresherFor(ctx: IntegrationCtx, integration: IntegrationRow) {
  return (refreshToken: string) =>
    oauthOf(providerFor(ctx.deps, integration.provider)).refreshToken(refreshToken, {
      isSharedMailbox: integration.mailboxKind === 'shared',
      grantedScopes: integration.scopes,
    });
}
