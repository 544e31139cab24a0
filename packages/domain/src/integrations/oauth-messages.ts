import type { Provider } from '../entities';

export const POPUP_BLOCKED = 'Popup blocked. Please allow popups and try again.';
export const OAUTH_CANCELLED = 'OAuth process was cancelled';
export const OAUTH_TIMEOUT = 'OAuth timeout - please try again';
export const OAUTH_FAILED = 'OAuth authentication failed';
export const AUTHENTICATION_FAILED_TITLE = 'Authentication Failed';
export const CONNECTION_FAILED_TITLE = 'Connection Failed';
export const AUTH_CODE_EXPIRED = 'The authorization code has expired. Please try connecting again.';
export const REDIRECT_URI_MISMATCH = 'Redirect URL mismatch. Please check your OAuth configuration.';
export const CONNECTION_SUCCESSFUL_TITLE = 'Connection Successful';
export const ACCOUNT_DISCONNECTED_TITLE = 'Account Disconnected';
export const INTEGRATION_REACTIVATED_TITLE = 'Integration Reactivated';
export { TOKEN_REFRESHED_TITLE } from '../mail/token-messages';
export const SYNC_CONFIGURATION_INITIALIZED_TITLE = 'Sync Configuration Initialized';
export const DISCONNECTION_FAILED_TITLE = 'Disconnection Failed';
export const REACTIVATION_FAILED_TITLE = 'Reactivation Failed';
export const RECONNECTION_FAILED = 'Reconnection Failed - Failed to disconnect. Please try again.';
export const FAILED_TO_INITIALIZE_SYNC_TITLE = 'Failed to Initialize Sync';

export const PROVIDER_LABELS: Record<Provider, string> = {
  office365: 'Office 365',
  gmail: 'Gmail',
  imap: 'IMAP',
};

/** "No authorization code received from {provider}". */
export function noCodeMessage(provider: Provider | string): string {
  const label = PROVIDER_LABELS[provider as Provider] ?? provider;
  return `No authorization code received from ${label}`;
}

/** The connect-failure text for a provider/server error: expired code, redirect mismatch, or the message itself. */
export function oauthErrorMessage(error: string | null | undefined): string {
  const text = error ?? '';
  if (/redirect_uri_mismatch/i.test(text)) return REDIRECT_URI_MISMATCH;
  if (
    /invalid_grant|AADSTS70008|AADSTS54005|code (?:has )?expired|invalid (?:authorization )?code/i.test(text)
  ) {
    return AUTH_CODE_EXPIRED;
  }
  if (/access_denied|cancel/i.test(text)) return OAUTH_CANCELLED;
  return text || OAUTH_FAILED;
}

/** The "Connection Successful" toast. */
export function connectionSuccessfulMessage(provider: Provider, emailAddress?: string | null) {
  const account = emailAddress ? ` (${emailAddress})` : '';
  return {
    title: CONNECTION_SUCCESSFUL_TITLE,
    description: `Your ${PROVIDER_LABELS[provider]} account${account} is connected. Emails will start syncing shortly.`,
  };
}
