import { createHash, randomBytes } from 'node:crypto';
import { type RunningMailSandbox, startMailSandbox } from '@ledgerdesk/mail-sandbox';
import { allowSandboxConsent } from '@ledgerdesk/test-support/seed/connect-mailbox';
import {
  type GoogleConfig,
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SECRET,
} from '../../../src/mail/core/mail-config';
import type { MailProvider } from '../../../src/mail/core/provider';
import type { MailSession } from '../../../src/mail/core/session/mail-session';
import { SYNC_POLICY } from '../../../src/mail/core/transport/retry-policy';
import { createGmailProvider } from '../../../src/mail/providers/gmail/gmail-provider';
import { type ControlClient, controlClient } from './mail-harness';

const REDIRECT_URI = 'http://localhost:3000/integrations/email?provider=gmail';

export type GmailAdapterHarness = {
  sandbox: RunningMailSandbox;
  control: ControlClient;
  config: GoogleConfig;
  gmail: MailProvider;
  session: MailSession;
  accessToken: string;
  close(): Promise<void>;
};

/**
 * The Gmail adapter alone (no app, no database) on a fresh sandbox mailbox of `messages` messages, connected
 * through the sandbox's consent page: for tests of what the adapter asks of Gmail.
 */
export async function createGmailAdapterHarness(
  address: string,
  messages: number,
): Promise<GmailAdapterHarness> {
  const sandbox = await startMailSandbox({ port: 0, seed: false, contract: {} });
  const control = controlClient(sandbox.url);
  const config: GoogleConfig = {
    clientId: SANDBOX_CLIENT_ID,
    clientSecret: SANDBOX_CLIENT_SECRET,
    authUrl: `${sandbox.url}/google/o/oauth2/v2/auth`,
    tokenUrl: `${sandbox.url}/google/token`,
    apiUrl: `${sandbox.url}/gmail`,
    isSandbox: true,
    pubsub: null,
  };
  const gmail = createGmailProvider(config);
  const oauth = gmail.oauth;
  if (!oauth) throw new Error('the Gmail adapter signs in through OAuth');
  await control('POST', '/mailboxes', { address, provider: 'gmail', messages });
  const verifier = randomBytes(32).toString('base64url');
  const back = await allowSandboxConsent(
    oauth.authUrl({
      redirectUri: REDIRECT_URI,
      state: 's',
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    }),
    address,
  );
  const tokens = await oauth.exchangeCode({
    code: back.searchParams.get('code') ?? '',
    redirectUri: REDIRECT_URI,
    codeVerifier: verifier,
  });
  const session: MailSession = {
    integrationId: 'test',
    emailAddress: address,
    sharedMailbox: null,
    scopes: null,
    policy: SYNC_POLICY,
    accessToken: async () => tokens.accessToken,
    refreshAccessToken: async () => tokens.accessToken,
    memo: new Map(),
  };
  return {
    sandbox,
    control,
    config,
    gmail,
    session,
    accessToken: tokens.accessToken,
    close: () => sandbox.close(),
  };
}
