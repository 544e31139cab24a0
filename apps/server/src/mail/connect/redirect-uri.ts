import type { Provider } from '@ledgerdesk/domain/entities';

/** The page providers send the user back to (spec §2: /integrations/email reads code, error and provider). */
export const OAUTH_RETURN_PATH = '/integrations/email';

/**
 * Whether a redirect URI is this app's return page: one of `allowedOrigins`, path /integrations/email, and
 * no query but an optional `provider=<provider>`. The URI is sent to the provider verbatim, so it must be
 * registered there exactly (e.g. https://app.example.com/integrations/email?provider=office365).
 */
export function isAllowedRedirectUri(
  redirectUri: string,
  provider: Provider,
  allowedOrigins: readonly string[],
): boolean {
  if (!URL.canParse(redirectUri)) return false;
  const url = new URL(redirectUri);
  if (!allowedOrigins.includes(url.origin) || url.pathname !== OAUTH_RETURN_PATH || url.hash) return false;
  const keys = [...url.searchParams.keys()];
  if (keys.length === 0) return true;
  return keys.length === 1 && keys[0] === 'provider' && url.searchParams.get('provider') === provider;
}
