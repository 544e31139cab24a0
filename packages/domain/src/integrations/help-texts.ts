// Texts of the Email Integration help card (spec §2).

export const HELP_SYNC_TEXT = 'Once sync is configured, your emails are synced automatically every minute.';
// Spec §2: "only emails are accessed, not the password". An IMAP mailbox (decision 023) needs its app password, so the
// text says what holds for each kind instead of a promise IMAP would break.
export const HELP_PRIVACY_TEXT =
  'We only access your emails. Office 365 and Gmail never give Ledgerdesk your password; an IMAP app password is stored encrypted and never shown again.';
export const ACTION_REQUIRED_TITLE = 'Action Required';
export const TOKEN_EXPIRED_WARNING =
  'One or more email connections have an expired token. Click Refresh on the account to restore email loading.';
export const INACTIVE_WARNING =
  'One or more email integrations are inactive. Click Reactivate on the account to resume email loading.';
export const HELP_TIP =
  'Tip: if emails do not load, check that the account shows Active status and that its token has not expired.';
