import { oauthFunctionSchema } from '@ledgerdesk/domain/api/functions';
import type { Provider } from '@ledgerdesk/domain/entities';
import { REDIRECT_URI_MISMATCH } from '@ledgerdesk/domain/integrations/oauth-messages';
import { SHARED_MAILBOX_ERRORS } from '@ledgerdesk/domain/integrations/shared-mailbox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withUser } from '../../db/with-user';
import { AppError } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { completeConnection, isAllowedRedirectUri, startConnection, turnOnLiveUpdates } from '../../mail';
import { findSharedByColleague } from '../firms';

/** Origins the provider may send the user back to: the app's public URL, or the origin serving this request. */
function allowedOrigins(app: FastifyInstance, request: FastifyRequest): string[] {
  const origins = [new URL(app.publicUrl).origin, `${request.protocol}://${request.headers.host}`];
  if (typeof request.headers.origin === 'string') origins.push(request.headers.origin);
  return origins;
}

/** gmail-auth and office365-auth: {action:'get-auth-url', redirectUri} → {authUrl}; {code, redirectUri, state?} → {integrationId}. */
export function registerOAuthFunctions(app: FastifyInstance): void {
  const providers: Array<[string, Provider, string]> = [
    ['gmail-auth', 'gmail', 'Gmail consent URL, or redeem its code.'],
    ['office365-auth', 'office365', 'Microsoft consent URL, or redeem its code.'],
  ];
  for (const [name, provider, summary] of providers) {
    defineRoute(
      app,
      {
        method: 'POST',
        path: `/api/functions/${name}`,
        summary,
        auth: { action: 'connect an email account' },
        body: oauthFunctionSchema,
      },
      async ({ request, user, body: input }) => {
        if (!isAllowedRedirectUri(input.redirectUri, provider, allowedOrigins(app, request))) {
          throw new AppError(400, 'REDIRECT_URI_MISMATCH', REDIRECT_URI_MISMATCH);
        }
        if ('action' in input && input.action === 'get-auth-url') {
          // A shared mailbox a colleague already shares with the firm: one integration per firm, not one each
          // (two would sync, notify and file the same mail twice).
          const shared = input.sharedMailbox?.trim();
          const colleague = shared
            ? await withUser(app.db, user.id, (tx) => findSharedByColleague(tx, user.id, shared))
            : null;
          if (shared && colleague) {
            throw new AppError(
              409,
              'SHARED_MAILBOX_ALREADY_SHARED',
              SHARED_MAILBOX_ERRORS.sharedByColleague(shared, colleague.ownerName, colleague.firmName),
            );
          }
          return startConnection(app.mail, {
            userId: user.id,
            provider,
            redirectUri: input.redirectUri,
            sharedMailbox: input.sharedMailbox,
          });
        }
        if (!('code' in input)) throw new AppError(400, 'validation_failed', 'code: Required');
        const connected = await completeConnection(app.mail, {
          userId: user.id,
          provider,
          code: input.code,
          redirectUri: input.redirectUri,
          state: input.state,
        });
        // Live updates are set up at once (decision 021); the fleet's round would find the mailbox anyway.
        const mailbox = { userId: user.id, integrationId: connected.integrationId };
        await turnOnLiveUpdates(app.mail, app.syncFleet, mailbox);
        return connected;
      },
    );
  }
}
