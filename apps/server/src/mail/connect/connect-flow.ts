import type { Provider } from '@ledgerdesk/domain/entities';
import { oauthErrorMessage } from '@ledgerdesk/domain/integrations/oauth-messages';
import { isMailboxAddress, SHARED_MAILBOX_ERRORS } from '@ledgerdesk/domain/integrations/shared-mailbox';
import { EMAIL_FETCH_ERRORS } from '@ledgerdesk/domain/mail/email-fetch-errors';
import { AppError } from '../../http/app-error';
import { isMailError } from '../core/errors';
import type { MailDeps } from '../core/mail-deps';
import type { MailProvider, TokenSet } from '../core/provider';
import type { MailSession } from '../core/session/mail-session';
import { isProviderError } from '../core/transport/provider-error';
import { INTERACTIVE_POLICY } from '../core/transport/retry-policy';
import { isSandboxProvider, oauthOf, providerFor } from '../providers';
import { saveOAuthRequest, takeOAuthRequest } from './oauth-requests';
import { createPkcePair, createState } from './pkce';
import { saveConnection } from './save-connection';

const STATE_INVALID =
  'This connection attempt has expired or was started elsewhere. Please try connecting again.';

/** Spec §8's provider fetch failure text, for a connection attempt the provider did not answer. */
const PROVIDER_UNREACHABLE = EMAIL_FETCH_ERRORS.ProviderFetchFailed.description;

/** Starts a connection: PKCE verifier and state kept server-side for this user, the consent URL returned. */

export async function startConnection(
  deps: MailDeps,
  input: { userId: string; provider: Provider; redirectUri: string; sharedMailbox?: string | undefined },
): Promise<{ authUrl: string }> {
  const sharedMailbox = checkSharedMailboxInput(input.provider, input.sharedMailbox);
  const provider = notConfiguredAsAppError(() => providerFor(deps, input.provider));
  const pkce = createPkcePair();
  const state = createState(input.provider);
  await saveOAuthRequest(deps.db, { ...input, sharedMailbox, state, verifier: pkce.verifier });
  return {
    authUrl: oauthOf(provider).authUrl({
      redirectUri: input.redirectUri,
      state,
      codeChallenge: pkce.challenge,
      isSharedMailbox: sharedMailbox !== undefined,
    }),
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
    const tokens = await oauthOf(provider).exchangeCode({
      code: input.code,
      redirectUri: input.redirectUri,
      codeVerifier: request.verifier,
      isSharedMailbox: request.sharedMailbox !== null,
    });
    const ownAddress = await provider.mailboxAddress(bearerSession(tokens.accessToken));
    if (request.sharedMailbox) await openSharedMailbox(provider, tokens, request.sharedMailbox, ownAddress);
    const emailAddress = request.sharedMailbox ?? ownAddress;
    const integrationId = await saveConnection(deps, {
      userId: input.userId,
      provider: input.provider,
      emailAddress,
      tokens,
      isSandbox: isSandboxProvider(deps, input.provider),
      signedInAs: request.sharedMailbox ? ownAddress : null,
    });
    return { integrationId, emailAddress };
  } catch (error) {
    if (error instanceof AppError) throw error;
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

/** The shared mailbox asked for, lower-cased, or a 400 in words; undefined for a personal connection. */
function checkSharedMailboxInput(provider: Provider, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const address = value.trim().toLowerCase();
  if (provider !== 'office365')
    throw new AppError(400, 'SHARED_MAILBOX_INVALID', SHARED_MAILBOX_ERRORS.gmail);
  if (!isMailboxAddress(address))
    throw new AppError(400, 'SHARED_MAILBOX_INVALID', SHARED_MAILBOX_ERRORS.notAnAddress);
  return address;
}

/**
 * Opens the shared mailbox once with the new token before anything is stored (decision 024): the user's own
 * address is refused, and Graph's refusals become words — 403 (no access in the tenant) and 404 (no such mailbox).
 */
async function openSharedMailbox(
  provider: MailProvider,
  tokens: TokenSet,
  address: string,
  ownAddress: string,
): Promise<void> {
  if (address === ownAddress)
    throw new AppError(400, 'SHARED_MAILBOX_IS_OWN', SHARED_MAILBOX_ERRORS.ownMailbox(address));
  try {
    await provider.oauth?.probeMailbox?.(bearerSession(tokens.accessToken, address));
  } catch (error) {
    if (isProviderError(error, 'forbidden'))
      throw refusal(
        403,
        'SHARED_MAILBOX_ACCESS_DENIED',
        SHARED_MAILBOX_ERRORS.accessDenied(address, ownAddress),
        error,
      );
    if (isProviderError(error, 'not_found'))
      throw refusal(
        404,
        'SHARED_MAILBOX_NOT_FOUND',
        SHARED_MAILBOX_ERRORS.notFound(address, ownAddress),
        error,
      );
    throw error;
  }
}

function refusal(status: number, code: string, message: string, cause: unknown): AppError {
  const error = new AppError(status, code, message);
  error.cause = cause;
  return error;
}

/** A session around a token that is not stored yet (the mailbox address is asked for before saving). */
function bearerSession(accessToken: string, sharedMailbox: string | null = null): MailSession {
  return {
    integrationId: '',
    emailAddress: '',
    sharedMailbox,
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
