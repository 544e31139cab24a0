import type { TriageStatus } from '@ledgerdesk/domain/entities';
import { senderAddressKey } from '@ledgerdesk/domain/triage/automated-mail';

/** The triage status a person set that a rule can repeat (the action just taken), by rule action kind. */
const ACTION_OF_STATUS: Partial<Record<TriageStatus, string>> = {
  later: 'later',
  low_priority: 'low_priority',
  cleared: 'clear',
};

/**
 * "Always do this…" (decision 025): the Rules screen's new-rule form pre-filled from a message, the sender's
 * address and the action just taken when its status tells it. Null when the sender is not an address.
 */
export function alwaysDoThisPath(
  fromAddress: string | null | undefined,
  status?: TriageStatus,
): string | null {
  const sender = fromAddress ? senderAddressKey(fromAddress) : null;
  if (!sender?.includes('@')) return null;
  const params = new URLSearchParams({ new: '1', from: sender });
  const action = status ? ACTION_OF_STATUS[status] : undefined;
  if (action) params.set('action', action);
  return `/rules?${params.toString()}`;
}
