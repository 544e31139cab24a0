export const TOKEN_REFRESH_FAILED_MESSAGE = 'Token refresh failed. Please reconnect your email account.';
export const CONNECTION_EXPIRED_MESSAGE =
  'Your email connection has expired. Please disconnect and reconnect your account.';
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
