import type { Provider } from '@ledgerdesk/domain/entities';
import { oauthErrorMessage } from '@ledgerdesk/domain/integrations/oauth-messages';
import { EMAIL_FETCH_ERRORS } from '@ledgerdesk/domain/mail/email-fetch-errors';
import { AppError } from '../../http/app-error';
import { isMailError } from '../errors';
import { isProviderError } from '../http/provider-error';
import { INTERACTIVE_POLICY } from '../http/retry-policy';
import { saveConnection } from '../integrations/save-connection';
import type { MailDeps } from '../mail-deps';
import { isSandboxProvider, providerFor } from '../provider-registry';
import type { MailSession } from '../session/mail-session';
import { saveOAuthRequest, takeOAuthRequest } from './oauth-requests';
import { createPkcePair, createState } from './pkce';

const STATE_INVALID =
  'This connection attempt has expired or was started elsewhere. Please try connecting again.';

/** Spec §8's provider fetch failure text, for a connection attempt the provider did not answer. */
const PROVIDER_UNREACHABLE = EMAIL_FETCH_ERRORS.ProviderFetchFailed.description;

/** Starts a connection: PKCE verifier and state kept server-side for this user, the consent URL returned. */

export async function startConnection(
  deps: MailDeps,
  input: { userId: string; provider: Provider; redirectUri: string },
): Promise<{ authUrl: string }> {
  const provider = notConfiguredAsAppError(() => providerFor(deps, input.provider));
  const pkce = createPkcePair();
  const state = createState(input.provider);
  await saveOAuthRequest(deps.db, { ...input, state, verifier: pkce.verifier });
  return {
    authUrl: provider.authUrl({ redirectUri: input.redirectUri, state, codeChallenge: pkce.challenge }),
  };
}

/** Completes a connection: redeems the code with the stored verifier, finds the mailbox, stores the integration. */
export async function completeConnection(
  deps: MailDeps,
  input: {
    userId: string;
    provider: Provider;
    code: string;
    redirectUri: string;
    state?: string | undefined;
  },
): Promise<{ integrationId: string; emailAddress: string }> {
  const provider = notConfiguredAsAppError(() => providerFor(deps, input.provider));
  const request = await takeOAuthRequest(deps.db, input);
  if (!request) throw new AppError(400, 'OAUTH_STATE_INVALID', STATE_INVALID);
  try {
    const tokens = await provider.exchangeCode({
      code: input.code,
      redirectUri: input.redirectUri,
      codeVerifier: request.verifier,
    });
    const emailAddress = await provider.mailboxAddress(bearerSession(tokens.accessToken));
    const integrationId = await saveConnection(deps, {
      userId: input.userId,
      provider: input.provider,
      emailAddress,
      tokens,
      isSandbox: isSandboxProvider(deps, input.provider),
    });
    return { integrationId, emailAddress };
  } catch (error) {
    if (isProviderError(error, 'invalid_grant', 'bad_request')) {
      throw new AppError(400, 'OAUTH_FAILED', oauthErrorMessage(error.message));
    }
    if (isProviderError(error)) {
      // The provider's message stays in the logs (as the cause): it may quote tokens or request details.
      const failure = new AppError(502, 'provider_error', PROVIDER_UNREACHABLE);
      failure.cause = error;
      throw failure;
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
