import type { Env } from '../../config/env';
import type { PubSubConfig } from './pubsub/pubsub-client';
import {
  SANDBOX_PUBSUB_SUBSCRIPTION,
  SANDBOX_PUBSUB_TOPIC,
  SANDBOX_SERVICE_ACCOUNT_EMAIL,
  SANDBOX_SERVICE_ACCOUNT_PRIVATE_KEY,
} from './pubsub/sandbox-pubsub';
import { parseServiceAccountKey } from './pubsub/service-account-key';

export type MicrosoftConfig = {
  clientId: string;
  clientSecret: string;
  tenant: string;
  /** e.g. https://login.microsoftonline.com (national clouds differ). */
  loginUrl: string;
  /** e.g. https://graph.microsoft.com; requests go to `${graphUrl}/v1.0/...`. */
  graphUrl: string;
  isSandbox: boolean;
  /** Where this app is reached (PUBLIC_URL): Graph posts change notifications under it (decision 021). */
  publicUrl: string;
};

export type GoogleConfig = {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  /** e.g. https://gmail.googleapis.com; requests go to `${apiUrl}/gmail/v1/...`, batches to `${apiUrl}/batch/gmail/v1`. */
  apiUrl: string;
  isSandbox: boolean;
  /** Gmail live updates through Pub/Sub (decision 021); null when not configured (the mailboxes are polled). */
  pubsub: PubSubConfig | null;
};

export type MailConfig = { microsoft: MicrosoftConfig | null; google: GoogleConfig | null };

// The server may not import tools/ (dependency-cruiser); the sandbox accepts any client, and these match its
// defaults (tools/mail-sandbox/src/defaults.ts; a test keeps them equal).
export const SANDBOX_CLIENT_ID = 'ledgerdesk-sandbox';
export const SANDBOX_CLIENT_SECRET = 'ledgerdesk-sandbox-secret';

const PUBLIC = {
  microsoftLogin: 'https://login.microsoftonline.com',
  graph: 'https://graph.microsoft.com',
  googleAuth: 'https://accounts.google.com/o/oauth2/v2/auth',
  googleToken: 'https://oauth2.googleapis.com/token',
  gmail: 'https://gmail.googleapis.com',
  pubsub: 'https://pubsub.googleapis.com',
};

const trim = (url: string) => url.replace(/\/+$/, '');

/** Whether main.ts mounts the mail sandbox under /sandbox for this configuration (same rule as main.ts). */
export function isSandboxMounted(env: Env): boolean {
  if (env.MAIL_SANDBOX === 'on') return true;
  return env.MAIL_SANDBOX === 'auto' && (!env.MICROSOFT_CLIENT_ID || !env.GOOGLE_CLIENT_ID);
}

/**
 * Provider endpoints and credentials. A provider with credentials talks to the configured (default: public)
 * endpoints; one without talks to the sandbox at `${publicUrl}/sandbox` when it is mounted, else is off.
 */
export function resolveMailConfig(env: Env, publicUrl: string): MailConfig {
  const sandbox = isSandboxMounted(env) ? `${trim(publicUrl)}/sandbox` : null;
  const isAtSandbox = (url: string) => sandbox !== null && url.startsWith(sandbox);
  let microsoft: MicrosoftConfig | null = null;
  if (env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET) {
    const loginUrl = trim(env.MICROSOFT_LOGIN_URL ?? PUBLIC.microsoftLogin);
    microsoft = {
      clientId: env.MICROSOFT_CLIENT_ID,
      clientSecret: env.MICROSOFT_CLIENT_SECRET,
      tenant: env.MICROSOFT_TENANT,
      loginUrl,
      graphUrl: trim(env.MICROSOFT_GRAPH_URL ?? PUBLIC.graph),
      isSandbox: isAtSandbox(loginUrl),
      publicUrl: trim(publicUrl),
    };
  } else if (sandbox) {
    microsoft = {
      clientId: SANDBOX_CLIENT_ID,
      clientSecret: SANDBOX_CLIENT_SECRET,
      tenant: env.MICROSOFT_TENANT,
      loginUrl: `${sandbox}/microsoft`,
      graphUrl: `${sandbox}/graph`,
      isSandbox: true,
      publicUrl: trim(publicUrl),
    };
  }
  let google: GoogleConfig | null = null;
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    const tokenUrl = env.GOOGLE_TOKEN_URL ?? PUBLIC.googleToken;
    google = {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      authUrl: env.GOOGLE_AUTH_URL ?? PUBLIC.googleAuth,
      tokenUrl,
      apiUrl: trim(env.GMAIL_API_URL ?? PUBLIC.gmail),
      isSandbox: isAtSandbox(tokenUrl),
      pubsub: configuredPubSub(env),
    };
  } else if (sandbox) {
    google = {
      clientId: SANDBOX_CLIENT_ID,
      clientSecret: SANDBOX_CLIENT_SECRET,
      authUrl: `${sandbox}/google/o/oauth2/v2/auth`,
      tokenUrl: `${sandbox}/google/token`,
      apiUrl: `${sandbox}/gmail`,
      isSandbox: true,
      pubsub: configuredPubSub(env) ?? sandboxPubSub(sandbox),
    };
  }
  return { microsoft, google };
}

/** GOOGLE_PUBSUB_* when set (parseEnv has checked they come together). */
function configuredPubSub(env: Env): PubSubConfig | null {
  if (!env.GOOGLE_PUBSUB_TOPIC || !env.GOOGLE_PUBSUB_SUBSCRIPTION || !env.GOOGLE_PUBSUB_CREDENTIALS)
    return null;
  return {
    topic: env.GOOGLE_PUBSUB_TOPIC,
    subscription: env.GOOGLE_PUBSUB_SUBSCRIPTION,
    url: trim(env.GOOGLE_PUBSUB_URL ?? PUBLIC.pubsub),
    key: parseServiceAccountKey(env.GOOGLE_PUBSUB_CREDENTIALS),
  };
}

/** The mounted sandbox's topic, subscription and service account: push with nothing to configure. */
function sandboxPubSub(sandbox: string): PubSubConfig {
  return {
    topic: SANDBOX_PUBSUB_TOPIC,
    subscription: SANDBOX_PUBSUB_SUBSCRIPTION,
    url: `${sandbox}/pubsub`,
    key: {
      clientEmail: SANDBOX_SERVICE_ACCOUNT_EMAIL,
      privateKey: SANDBOX_SERVICE_ACCOUNT_PRIVATE_KEY,
      keyId: null,
      tokenUri: `${sandbox}/google/token`,
    },
  };
}
