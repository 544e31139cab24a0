import type { MicrosoftConfig } from '../../core/mail-config';
import type { TokenSet } from '../../core/provider';
import { requestTokens } from '../../core/transport/token-request';

/** Delegated permissions Ledgerdesk asks for (issue 3): read/write and send mail, stay signed in, read the profile. */
export const MICROSOFT_SCOPES = ['offline_access', 'Mail.ReadWrite', 'Mail.Send', 'User.Read'] as const;

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
    {
      client_id: config.clientId,
      client_secret: config.clientSecret,
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
      scope: scopesFor(input.isSharedMailbox),
    },
    normalizeMicrosoftScope,
  );
}

/** Refreshes (Microsoft rotates the refresh token; the new one is stored). */
export function microsoftRefreshToken(config: MicrosoftConfig, refreshToken: string): Promise<TokenSet> {
  return requestTokens(
    endpoint(config, 'token'),
    {
      client_id: config.clientId,
      client_secret: config.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      scope: MICROSOFT_SCOPES.join(' '),
    },
    normalizeMicrosoftScope,
  );
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
