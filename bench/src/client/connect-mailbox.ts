import type { Provider } from '@ledgerdesk/domain/entities';
import { allowSandboxConsent, connectThroughOAuth } from '@ledgerdesk/test-support/seed/connect-mailbox';
import { call, type Session } from './http-client';

/**
 * Connects a sandbox mailbox the way a user does (packages/test-support's `connectThroughOAuth` over loopback
 * HTTP): the consent form is submitted with every scope ticked. Answers the new integration's id.
 */
export async function connectMailbox(session: Session, provider: Provider, address: string): Promise<string> {
  return connectThroughOAuth({
    provider,
    redirectUri: `${session.baseUrl}/integrations/email`,
    callAuth: async (fn, input) => (await call(session, 'POST', `/api/functions/${fn}`, input)).body,
    consent: (authUrl) => allowSandboxConsent(authUrl, address),
  });
}
