import type { MicrosoftConfig } from '../../core/mail-config';
import type { TokenSet } from '../../core/provider';
import { authorizationCodeForm, requestTokens } from '../../core/transport/token-request';

/**
 * Delegated permissions Ledgerdesk asks for: read/write and send mail, stay signed in, read the profile. Mail.Read
 * beside Mail.ReadWrite because change-notification subscriptions on messages document the read permissions
 * (Mail.ReadBasic, Mail.Read) and refuse to promise support for write permissions standing in for them.
 */
export const MICROSOFT_SCOPES = [
  'offline_access',
  'Mail.Read',
  'Mail.ReadWrite',
  'Mail.Send',
  'User.Read',
] as const;

/** Added for a shared mailbox opened with the user's sign-in (decision 024): Graph's delegated `.Shared` permissions. */
export const MICROSOFT_SHARED_SCOPES = ['Mail.ReadWrite.Shared', 'Mail.Send.Shared'] as const;

const scopesFor = (isSharedMailbox: boolean | undefined) =>
  (isSharedMailbox ? [...MICROSOFT_SCOPES, ...MICROSOFT_SHARED_SCOPES] : MICROSOFT_SCOPES).join(' ');

const GRAPH_RESOURCE = 'https://graph.microsoft.com/';

/** `https://graph.microsoft.com/Mail.Send` → `Mail.Send` (Microsoft answers either form). */
export function normalizeMicrosoftScope(scope: string): string {
  return scope.toLowerCase().startsWith(GRAPH_RESOURCE) ? scope.slice(GRAPH_RESOURCE.length) : scope;
}

const endpoint = (config: MicrosoftConfig, name: 'authorize' | 'token') =>
  `${config.loginUrl}/${encodeURIComponent(config.tenant)}/oauth2/v2.0/${name}`;

/** The Microsoft identity platform v2 authorize URL (code flow, PKCE S256). */
export function microsoftAuthUrl(
  config: MicrosoftConfig,
  input: { redirectUri: string; state: string; codeChallenge: string; isSharedMailbox?: boolean },
): string {
  const params = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'code',
    redirect_uri: input.redirectUri,
    response_mode: 'query',
    scope: scopesFor(input.isSharedMailbox),
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
    prompt: 'select_account',
  });
  return `${endpoint(config, 'authorize')}?${params}`;
}

/** Redeems an authorization code at the v2 token endpoint. */
export function microsoftExchangeCode(
  config: MicrosoftConfig,
  input: { code: string; redirectUri: string; codeVerifier: string; isSharedMailbox?: boolean },
): Promise<TokenSet> {
  return requestTokens(
    endpoint(config, 'token'),
    { ...authorizationCodeForm(config, input), scope: scopesFor(input.isSharedMailbox) },
    normalizeMicrosoftScope,
  );
}

/**
 * Refreshes (Microsoft rotates the refresh token; the new one is stored), asking for the scopes of the original
 * grant: the token answers only what is asked for, so a shared mailbox's `.Shared` scopes are asked again.
 */
export function microsoftRefreshToken(
  config: MicrosoftConfig,
  refreshToken: string,
  input: { isSharedMailbox?: boolean; grantedScopes?: readonly string[] | null } = {},
): Promise<TokenSet> {
  return requestTokens(
    endpoint(config, 'token'),
    {
      client_id: config.clientId,
      client_secret: config.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      scope: refreshScope(input),
    },
    normalizeMicrosoftScope,
  );
}

/**
 * The scopes a refresh asks for: those of the consent, less any the stored grant lacks (a connection made before
 * Mail.Read joined the consent was never granted it, and a refresh asking for an unconsented scope is refused),
 * but always a shared mailbox's `.Shared` ones, which its consent asked for.
 */
export function refreshScope(input: {
  isSharedMailbox?: boolean;
  grantedScopes?: readonly string[] | null;
}): string {
  const wanted = scopesFor(input.isSharedMailbox).split(' ');
  if (!input.grantedScopes || input.grantedScopes.length === 0) return wanted.join(' ');
  const granted = new Set(input.grantedScopes.map((scope) => normalizeMicrosoftScope(scope).toLowerCase()));
  const isAlwaysAsked = (scope: string) =>
    scope === 'offline_access' || (MICROSOFT_SHARED_SCOPES as readonly string[]).includes(scope);
  return wanted.filter((scope) => isAlwaysAsked(scope) || granted.has(scope.toLowerCase())).join(' ');
}

/** The one scope of the client-credentials grant: every Graph application permission the tenant's admin granted. */
export const GRAPH_APP_SCOPE = 'https://graph.microsoft.com/.default';

/**
 * The application's own token for one tenant (OAuth 2.0 client credentials, no user; decision 028): asked at the
 * tenant's endpoint (its id or one of its domains — `common` refuses this grant), with the client secret. What it
 * may do is what the tenant's administrator granted (admin consent); without that Graph refuses the token.
 */
export function microsoftAppToken(config: MicrosoftConfig, tenant: string): Promise<TokenSet> {
  return requestTokens(`${config.loginUrl}/${encodeURIComponent(tenant)}/oauth2/v2.0/token`, {
    client_id: config.clientId,
    client_secret: config.clientSecret,
    grant_type: 'client_credentials',
    scope: GRAPH_APP_SCOPE,
  });
}
