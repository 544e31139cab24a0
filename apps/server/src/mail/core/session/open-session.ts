import { TOKEN_BEFORE_FETCH_WINDOW_MINUTES } from '@ledgerdesk/domain/constants';
import { isExpiringWithin } from '@ledgerdesk/domain/integrations/token-expiry';
import { type ImapAccount, openImapAccount } from '../imap-account';
import type { IntegrationCtx, IntegrationRow } from '../integration-store';
import { refreshIntegrationToken, type TokenRefresher } from '../tokens/refresh-integration-token';
import { markTokenExpired } from '../tokens/stored-tokens';
import { ProviderError } from '../transport/provider-error';
import type { RetryPolicy } from '../transport/retry-policy';
import type { MailSession } from './mail-session';

export type SessionOptions = { policy: RetryPolicy; deadline?: number; refreshTokens: TokenRefresher };

/** A session for one integration: its token is decrypted on demand and refreshed within 5 minutes of expiry. */
export function openSession(
  ctx: IntegrationCtx,
  integration: IntegrationRow,
  options: SessionOptions,
): MailSession {
  let current: { token: string; expiresAt: Date | null } | null = null;
  const refresh = async () => {
    const fresh = await refreshIntegrationToken(ctx, integration, options.refreshTokens);
    current = { token: fresh.accessToken, expiresAt: fresh.expiresAt };
    return fresh.accessToken;
  };
  return {
    integrationId: integration.id,
    emailAddress: integration.emailAddress,
    sharedMailbox: integration.mailboxKind === 'shared' ? integration.emailAddress : null,
    scopes: integration.scopes,
    policy: options.policy,
    ...(options.deadline === undefined ? {} : { deadline: options.deadline }),
    memo: new Map(),
    ...(integration.provider === 'imap'
      ? {
          imap: {
            account: storedAccount(ctx, integration),
            allowPrivateHosts: ctx.deps.env.IMAP_ALLOW_PRIVATE_HOSTS,
          },
        }
      : {}),
    async accessToken() {
      if (!current) current = storedToken(ctx, integration);
      const expiry = current?.expiresAt?.toISOString() ?? null;
      if (!current || isExpiringWithin(expiry, TOKEN_BEFORE_FETCH_WINDOW_MINUTES, new Date()))
        return refresh();
      return current.token;
    },
    // The provider refused a token before its recorded expiry: record it as expired now, so that when the
    // refresh fails too the integration shows "Token Expired" (spec §4) rather than looking healthy.
    refreshAccessToken: async () => {
      if (current?.expiresAt) await markTokenExpired(ctx, integration.id, current.expiresAt);
      return refresh();
    },
  };
}

function storedToken(ctx: IntegrationCtx, integration: IntegrationRow) {
  if (!integration.accessToken) return null;
  try {
    return {
      token: ctx.deps.tokenCipher.decrypt(integration.accessToken),
      expiresAt: integration.tokenExpiresAt,
    };
  } catch {
    return null;
  }
}

/** An IMAP integration's account; one that cannot be read (another key) is refused like a bad password. */
function storedAccount(ctx: IntegrationCtx, integration: IntegrationRow): ImapAccount {
  try {
    if (integration.imapAccount) return openImapAccount(ctx.deps.tokenCipher, integration.imapAccount);
  } catch {
    // Falls through: the stored account is unreadable.
  }
  throw new ProviderError(
    'unauthorized',
    'The stored IMAP login could not be read; please connect the mailbox again.',
  );
}
