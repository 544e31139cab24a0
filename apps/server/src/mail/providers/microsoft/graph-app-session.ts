import type { MicrosoftConfig } from '../../core/mail-config';
import type { MailSession } from '../../core/session/mail-session';
import { isProviderError, ProviderError } from '../../core/transport/provider-error';
import { microsoftAppToken } from './graph-auth';

/** The providerCode of the refusal that means "the tenant's admin has not granted the application permission". */
export const ADMIN_CONSENT_REQUIRED = 'admin_consent_required';
/** A cached app token is asked for again this long before it expires. */
const RENEW_BEFORE_MS = 5 * 60_000;
/** Tenants that name no directory: the client-credentials grant needs a tenant id or one of its domains. */
const UNSPECIFIC_TENANTS = new Set(['common', 'organizations', 'consumers']);

type CachedToken = { accessToken: string; expiresAt: number };

export type AppTokens = {
  /** A session on `session`'s shared mailbox that calls Graph with the application's own token. */
  sessionFor(session: MailSession): MailSession;
  /** Forgets a tenant's token: the next call asks again (consent granted or revoked since). */
  forget(session: MailSession): void;
};

/** The tenant to ask: the configured one when it names a directory, else the shared mailbox's own domain. */
export function appTenantFor(config: MicrosoftConfig, mailbox: string): string {
  if (!UNSPECIFIC_TENANTS.has(config.tenant.toLowerCase())) return config.tenant;
  return mailbox.slice(mailbox.lastIndexOf('@') + 1).toLowerCase();
}

/** Whether a refusal means the application permission is not granted (Graph 401/403, or the app not in the tenant). */
export function isConsentRefusal(error: unknown): boolean {
  if (error instanceof ProviderError && error.providerCode === ADMIN_CONSENT_REQUIRED) return true;
  if (isProviderError(error, 'unauthorized', 'forbidden')) return true;
  // AADSTS700016: "Application … was not found in the directory" — nobody in that tenant consented to the app.
  return isProviderError(error, 'bad_request') && error.providerCode === 'unauthorized_client';
}

/**
 * App-only Graph tokens (client credentials, decision 028), one per tenant, kept in memory until five minutes
 * before they expire. Only live updates of shared mailboxes use them; everything else keeps the user's token.
 */
export function createAppTokens(config: MicrosoftConfig): AppTokens {
  const cache = new Map<string, Promise<CachedToken>>();
  const tenantOf = (session: MailSession) =>
    appTenantFor(config, session.sharedMailbox ?? session.emailAddress);
  const fetchToken = async (tenant: string): Promise<CachedToken> => {
    const tokens = await microsoftAppToken(config, tenant);
    return {
      accessToken: tokens.accessToken,
      expiresAt: tokens.expiresAt?.getTime() ?? Date.now() + 3_600_000,
    };
  };
  const tokenFor = async (tenant: string, isFresh: boolean): Promise<string> => {
    let pending = isFresh ? undefined : cache.get(tenant);
    if (pending) {
      const cached = await pending.catch(() => null);
      if (cached && cached.expiresAt - RENEW_BEFORE_MS > Date.now()) return cached.accessToken;
    }
    pending = fetchToken(tenant);
    cache.set(tenant, pending);
    try {
      return (await pending).accessToken;
    } catch (error) {
      cache.delete(tenant);
      throw error;
    }
  };
  return {
    sessionFor(session) {
      const tenant = tenantOf(session);
      return {
        ...session,
        scopes: null,
        memo: new Map(),
        accessToken: () => tokenFor(tenant, false),
        refreshAccessToken: () => tokenFor(tenant, true),
      };
    },
    forget(session) {
      cache.delete(tenantOf(session));
    },
  };
}
