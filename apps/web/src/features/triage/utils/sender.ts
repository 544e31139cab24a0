import type { TriageStatus } from '@ledgerdesk/domain/entities';
import { parseSenderAddress } from '@ledgerdesk/domain/triage/sender-address';

/** What the list shows for a sender: the name, else the address. */
export function senderLabel(from: string): string {
  const { name, address } = parseSenderAddress(from);
  return name || address || 'Unknown sender';
}

/** Name used for a sender's initials: the name, else the address before the @. */
export function senderInitialsName(from: string): string {
  const { name, address } = parseSenderAddress(from);
  return name || address.split('@')[0] || '?';
}

const STATUS_LABELS: Record<TriageStatus, string> = {
  inbox: 'Inbox',
  later: 'Later',
  low_priority: 'Low Priority',
  scheduled: 'Scheduled',
  sent: 'Sent',
  cleared: 'Cleared',
  drafts: 'Draft',
};

/** The label of an item status badge. */
export function statusLabel(status: TriageStatus): string {
  return STATUS_LABELS[status];
}
