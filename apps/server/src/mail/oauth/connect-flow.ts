import type { Provider } from '@ledgerdesk/domain/entities';
import { oauthErrorMessage } from '@ledgerdesk/domain/integrations/oauth-messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { isMailError } from '../errors';
import { isProviderError } from '../http/provider-error';
import { INTERACTIVE_POLICY } from '../http/retry-policy';
import { saveConnection } from '../integrations/save-connection';
import { isSandboxProvider, providerFor } from '../provider-registry';
import type { MailSession } from '../session/mail-session';
import { saveOAuthRequest, takeOAuthRequest } from './oauth-requests';
import { createPkcePair, createState } from './pkce';

const STATE_INVALID =
  'This connection attempt has expired or was started elsewhere. Please try connecting again.';

/** Starts a connection: PKCE verifier and state kept server-side for this user, the consent URL returned. */
export async function startConnection(
  app: FastifyInstance,
  input: { userId: string; provider: Provider; redirectUri: string },
): Promise<{ authUrl: string }> {
  const provider = notConfiguredAsAppError(() => providerFor(app, input.provider));
  const pkce = createPkcePair();
  const state = createState(input.provider);
  await saveOAuthRequest(app.db, { ...input, state, verifier: pkce.verifier });
  return {
    authUrl: provider.authUrl({ redirectUri: input.redirectUri, state, codeChallenge: pkce.challenge }),
  };
}

/** Completes a connection: redeems the code with the stored verifier, finds the mailbox, stores the integration. */
export async function completeConnection(
  app: FastifyInstance,
  input: {
    userId: string;
    provider: Provider;
    code: string;
    redirectUri: string;
    state?: string | undefined;
  },
): Promise<{ integrationId: string; emailAddress: string }> {
  const provider = notConfiguredAsAppError(() => providerFor(app, input.provider));
  const request = await takeOAuthRequest(app.db, input);
  if (!request) throw new AppError(400, 'OAUTH_STATE_INVALID', STATE_INVALID);
  try {
    const tokens = await provider.exchangeCode({
      code: input.code,
      redirectUri: input.redirectUri,
      codeVerifier: request.verifier,
    });
    const emailAddress = await provider.mailboxAddress(bearerSession(tokens.accessToken));
    const integrationId = await saveConnection(app, {
      userId: input.userId,
      provider: input.provider,
      emailAddress,
      tokens,
      isSandbox: isSandboxProvider(app, input.provider),
    });
    return { integrationId, emailAddress };
  } catch (error) {
    if (isProviderError(error, 'invalid_grant', 'bad_request')) {
      throw new AppError(400, 'OAUTH_FAILED', oauthErrorMessage(error.message));
    }
    if (isProviderError(error)) {
      throw new AppError(502, 'provider_error', `The email provider could not be reached: ${error.message}`);
    }
    throw error;
  }
}

/** A session around a token that is not stored yet (the mailbox address is asked for before saving). */
function bearerSession(accessToken: string): MailSession {
  return {
    integrationId: '',
    emailAddress: '',
    scopes: null,
    policy: INTERACTIVE_POLICY,
    memo: new Map(),
    accessToken: async () => accessToken,
    refreshAccessToken: async () => accessToken,
  };
}

function notConfiguredAsAppError<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (isMailError(error, 'provider_not_configured'))
      throw new AppError(503, 'PROVIDER_NOT_CONFIGURED', error.message);
    throw error;
  }
}
