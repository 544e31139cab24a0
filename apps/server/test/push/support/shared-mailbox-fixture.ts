import { allowSandboxConsent } from '@ledgerdesk/test-support/seed/connect-mailbox';
import type { FastifyInstance } from 'fastify';
import { type ControlClient, callFunction, redirectUriFor, signUp } from '../../mail/support/mail-harness';

type Control = ControlClient;

export type SharedMailboxBox = {
  userId: string;
  integrationId: string;
  cookie: string;
  user: string;
  shared: string;
};

/**
 * A Microsoft 365 tenant (its own domain) with a user and a shared mailbox they may open, added in Ledgerdesk with
 * "Add a shared mailbox" (decision 024). Nothing is synced yet.
 */
export async function addSharedMailbox(
  app: FastifyInstance,
  control: Control,
  publicUrl: string | undefined,
  domain: string,
): Promise<SharedMailboxBox> {
  const user = `alex@${domain}`;
  const shared = `accounts@${domain}`;
  await control('POST', '/mailboxes', { address: user, provider: 'office365', messages: 1 });
  await control('POST', '/mailboxes', { address: shared, provider: 'office365', messages: 3, shared: true });
  await control('PUT', `/mailboxes/${shared}/delegates/${user}`, { access: 'full' });
  const { cookie, userId } = await signUp(app, `${domain.replace(/\W/g, '-')}@ledgerdesk.test`);
  const redirectUri = redirectUriFor('office365', publicUrl);
  const start = await callFunction(app, cookie, 'office365-auth', {
    action: 'get-auth-url',
    redirectUri,
    sharedMailbox: shared,
  });
  const back = await allowSandboxConsent(start.json().authUrl, user);
  const done = await callFunction(app, cookie, 'office365-auth', {
    code: back.searchParams.get('code'),
    redirectUri,
    state: back.searchParams.get('state'),
  });
  if (done.statusCode !== 200) throw new Error(`adding the shared mailbox failed: ${done.body}`);
  return { userId, integrationId: done.json().integrationId, cookie, user, shared };
}
