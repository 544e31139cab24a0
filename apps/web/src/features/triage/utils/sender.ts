import type { TriageStatus } from '@ledgerdesk/domain/entities';

const NAMED_ADDRESS = /^\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*$/;

/** The parts of a sender string: "Alice Brown <alice@x.com>", "<alice@x.com>" or "alice@x.com". */
export function parseSender(from: string): { name: string; address: string } {
  const match = NAMED_ADDRESS.exec(from);
  if (match) return { name: (match[1] ?? '').trim(), address: (match[2] ?? '').trim() };
  return { name: '', address: from.trim() };
}

/** What the list shows for a sender: the name, else the address. */
export function senderLabel(from: string): string {
  const { name, address } = parseSender(from);
  return name || address || 'Unknown sender';
}

/** Name used for a sender's initials: the name, else the address before the @. */
export function senderInitialsName(from: string): string {
  const { name, address } = parseSender(from);
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
