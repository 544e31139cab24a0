// Texts of the Email Integration help card (spec §2).

export const HELP_SYNC_TEXT = 'Once sync is configured, your emails are synced automatically every minute.';
export const HELP_PRIVACY_TEXT =
  'We only access your emails. Your email password is never shared with or stored by Ledgerdesk.';
export const ACTION_REQUIRED_TITLE = 'Action Required';
export const TOKEN_EXPIRED_WARNING =
  'One or more email connections have an expired token. Click Refresh on the account to restore email loading.';
export const INACTIVE_WARNING =
  'One or more email integrations are inactive. Click Reactivate on the account to resume email loading.';
export const HELP_TIP =
  'Tip: if emails do not load, check that the account shows Active status and that its token has not expired.';
