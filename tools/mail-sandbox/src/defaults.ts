/** Client id the app is configured with when it talks to the sandbox (any id is accepted). */
export const SANDBOX_CLIENT_ID = 'ledgerdesk-sandbox';
/** Client secret paired with SANDBOX_CLIENT_ID (any secret is accepted). */
export const SANDBOX_CLIENT_SECRET = 'ledgerdesk-sandbox-secret';
/** Seeded Office 365 mailbox, prefilled on the Microsoft consent page. */
export const DEFAULT_OFFICE365_MAILBOX = 'alex.morgan@harbourline-office365.test';
/** Seeded Gmail mailbox, prefilled on the Google consent page. */
export const DEFAULT_GMAIL_MAILBOX = 'alex.morgan@harbourline-gmail.test';

export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;
export const AUTHORIZATION_CODE_LIFETIME_MS = 10 * 60 * 1000;
export const DEFAULT_SEED_MESSAGE_COUNT = 200;
/** Messages one provisioning call may generate: a bigger mailbox is an unauthenticated memory bomb. */
export const MAX_GENERATED_MESSAGES = 10_000;
export const DEFAULT_STANDALONE_PORT = 3100;
