import type { AuthUrlResponse, ExchangeCodeResponse } from '@ledgerdesk/domain/api/functions';
import type { OAuthProvider, Provider } from '@ledgerdesk/domain/entities';
import { callFunction } from './call-function';

const FUNCTIONS: Record<OAuthProvider, 'office365-auth' | 'gmail-auth'> = {
  office365: 'office365-auth',
  gmail: 'gmail-auth',
};

/** The server function of a provider's consent flow; IMAP mailboxes sign in with a password instead. */
function oauthFunction(provider: Provider): 'office365-auth' | 'gmail-auth' {
  if (provider === 'imap') throw new Error('IMAP mailboxes connect with a password, not a consent page.');
  return FUNCTIONS[provider];
}

/**
 * The address the provider sends the browser back to: /integrations/email?provider={provider}, so the return
 * page knows the provider (spec §2). The server binds the flow to exactly this URI.
 */
export function oauthRedirectUri(provider: Provider, origin = window.location.origin): string {
  return `${origin}/integrations/email?provider=${provider}`;
}

/**
 * Asks the server for the provider's consent-page URL (with PKCE and a fresh state); with `sharedMailbox`, for
 * opening that Microsoft 365 shared mailbox with the user's own sign-in (decision 024).
 */
export async function getAuthUrl(
  provider: Provider,
  redirectUri: string,
  sharedMailbox?: string,
): Promise<string> {
  const { authUrl } = await callFunction<AuthUrlResponse>(oauthFunction(provider), {
    action: 'get-auth-url',
    redirectUri,
    ...(sharedMailbox ? { sharedMailbox } : {}),
  });
  return authUrl;
}

/** Redeems the code the provider sent back; answers the integration created or updated. */
export function exchangeAuthCode(
  provider: Provider,
  input: { code: string; redirectUri: string; state: string | null },
): Promise<ExchangeCodeResponse> {
  return callFunction<ExchangeCodeResponse>(oauthFunction(provider), {
    code: input.code,
    redirectUri: input.redirectUri,
    ...(input.state ? { state: input.state } : {}),
  });
}
