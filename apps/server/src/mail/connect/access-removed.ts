import { ACCESS_REMOVED_NOTE } from '@ledgerdesk/domain/integrations/shared-mailbox';
import { MailError } from '../core/errors';
import type { IntegrationCtx, IntegrationRow } from '../core/integration-store';
import { recordFailure } from '../core/notices/failure-notice';
import { ProviderError } from '../core/transport/provider-error';
import { stopPush } from '../push/maintain-push';

/**
 * Whether Graph refused a shared mailbox itself (decision 024): 403 ErrorAccessDenied (the tenant took the
 * user's access away, or the .Shared permissions are gone) or 404 ErrorInvalidUser (the mailbox no longer exists).
 */
export function isMailboxAccessRefused(error: unknown): boolean {
  if (!(error instanceof ProviderError)) return false;
  return (
    (error.kind === 'forbidden' && error.providerCode === 'ErrorAccessDenied') ||
    (error.kind === 'not_found' && error.providerCode === 'ErrorInvalidUser')
  );
}

/**
 * Records that the tenant removed the user's access to a shared mailbox: `access_removed_at` with
 * `needs_reconnect`, which every fleet query skips, so the minute's round stops trying; one notice in triage;
 * its live updates removed.
 * Throws the state as a reconnect_required MailError, so the run ends as an expired connection does.
 */
export async function markAccessRemoved(ctx: IntegrationCtx, integration: IntegrationRow): Promise<never> {
  await recordFailure(ctx, integration, 'reconnect', ACCESS_REMOVED_NOTE, {
    needsReconnect: true,
    accessRemovedAt: new Date(),
  });
  // Its subscription can bring nothing in now: removed at Graph (best effort) rather than left to expire.
  // Check Access Again sets live updates up again.
  await stopPush(ctx, integration);
  integration.needsReconnect = true;
  throw new MailError('reconnect_required', ACCESS_REMOVED_NOTE);
}
