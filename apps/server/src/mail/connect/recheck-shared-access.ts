import { SHARED_MAILBOX_ERRORS } from '@ledgerdesk/domain/integrations/shared-mailbox';
import { withUser } from '../../db/with-user';
import { toSyncError } from '../core/error-mapping';
import { MailError } from '../core/errors';
import { findIntegration } from '../core/integration-store';
import type { MailDeps } from '../core/mail-deps';
import { recordAccessRestored } from '../core/notices/failure-notice';
import { INTERACTIVE_POLICY } from '../core/transport/retry-policy';
import { providerFor } from '../providers';
import { openProviderSession } from '../sessions';
import { isMailboxAccessRefused } from './access-removed';

/**
 * "Check Access Again" on a shared mailbox whose access the tenant removed (decision 024): opens it once with the
 * user's stored sign-in (its refresh token still works: the tenant took mailbox access away, not the account);
 * when Graph lets it in, the mailbox is back to normal and the fleet syncs it again. Still refused: a MailError
 * `invalid_state` saying so in words. A refused refresh token marks it for reconnecting as usual.
 */
export async function recheckSharedMailboxAccess(
  deps: MailDeps,
  input: { userId: string; integrationId: string },
): Promise<void> {
  const ctx = { deps, userId: input.userId };
  const integration = await findIntegration(ctx, input.integrationId);
  if (!integration) throw toSyncError(new MailError('integration_not_found', 'Email integration not found.'));
  if (integration.mailboxKind !== 'shared' || !integration.accessRemovedAt)
    throw toSyncError(new MailError('invalid_state', SHARED_MAILBOX_ERRORS.notShared));
  const provider = providerFor(deps, integration.provider);
  const session = openProviderSession(
    ctx,
    { ...integration, needsReconnect: false },
    { policy: INTERACTIVE_POLICY },
  );
  try {
    await provider.oauth?.probeMailbox?.(session);
  } catch (error) {
    const cause = isMailboxAccessRefused(error)
      ? new MailError('invalid_state', SHARED_MAILBOX_ERRORS.stillRemoved(integration.emailAddress))
      : error;
    // In the spec's words (expired connection, provider unreachable), never the provider's own message.
    throw toSyncError(cause);
  }
  await withUser(deps.db, input.userId, (tx) => recordAccessRestored(tx, integration.id));
}
