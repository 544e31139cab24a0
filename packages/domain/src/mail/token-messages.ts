export const TOKEN_REFRESH_FAILED_MESSAGE = 'Token refresh failed. Please reconnect your email account.';
export const CONNECTION_EXPIRED_MESSAGE =
  'Your email connection has expired. Please disconnect and reconnect your account.';
/** Reconnect needed because the tenant now asks for another sign-in step (token error interaction_required). */
export const SIGN_IN_STEP_REQUIRED_MESSAGE =
  'Your organisation now asks for another sign-in step (multi-factor authentication or a Conditional Access check). Reconnect to resume syncing.';
/** Reconnect needed because Ledgerdesk's permissions were withdrawn (token error consent_required). */
export const CONSENT_WITHDRAWN_MESSAGE =
  'Consent for Ledgerdesk to read and send this mail was withdrawn (by you or your Microsoft 365 admin). Reconnect and accept the permissions to resume syncing.';

/** Why a mailbox needs reconnecting, from the OAuth error its token refresh got. */
export function reconnectReason(oauthError: string | null): string {
  if (oauthError === 'interaction_required') return SIGN_IN_STEP_REQUIRED_MESSAGE;
  if (oauthError === 'consent_required') return CONSENT_WITHDRAWN_MESSAGE;
  return CONNECTION_EXPIRED_MESSAGE;
}
export const REFRESH_FAILED_TITLE = 'Refresh Failed';
export const TOKEN_REFRESH_FAILED_TITLE = 'Token Refresh Failed';
export const TOKEN_REFRESHED_TITLE = 'Token Refreshed';

/** The toast when the automatic refresh of a mailbox's token fails. */
export function autoRefreshFailedMessage(emailAddress: string): { title: string; description: string } {
  return {
    title: TOKEN_REFRESH_FAILED_TITLE,
    description: `Could not refresh the token for ${emailAddress} automatically. Refresh it manually with Update Email or in Email Settings.`,
  };
}

/** The toast after a successful token refresh. */
export function tokenRefreshedMessage(emailAddress: string): { title: string; description: string } {
  return {
    title: TOKEN_REFRESHED_TITLE,
    description: `The email connection for ${emailAddress} has been refreshed.`,
  };
}
