import type { GoogleConfig } from '../../core/mail-config';
import type { TokenSet } from '../../core/provider';
import { authorizationCodeForm, requestTokens } from '../../core/transport/token-request';

/** gmail.modify reads, labels (archive = INBOX removed) and sends; gmail.send is listed as the spec asks. */
export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/gmail.modify',
  'https://www.googleapis.com/auth/gmail.send',
] as const;

/** Google's authorization URL: offline access (a refresh token), PKCE S256, consent shown every time. */
export function googleAuthUrl(
  config: GoogleConfig,
  input: { redirectUri: string; state: string; codeChallenge: string },
): string {
  const params = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'code',
    redirect_uri: input.redirectUri,
    scope: GOOGLE_SCOPES.join(' '),
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
    access_type: 'offline',
    // Without prompt=consent Google sends no new refresh token when the user connects again.
    prompt: 'consent',
    include_granted_scopes: 'true',
  });
  return `${config.authUrl}?${params}`;
}

export function googleExchangeCode(
  config: GoogleConfig,
  input: { code: string; redirectUri: string; codeVerifier: string },
): Promise<TokenSet> {
  return requestTokens(config.tokenUrl, authorizationCodeForm(config, input));
}

export function googleRefreshToken(config: GoogleConfig, refreshToken: string): Promise<TokenSet> {
  return requestTokens(config.tokenUrl, {
    client_id: config.clientId,
    client_secret: config.clientSecret,
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
}
