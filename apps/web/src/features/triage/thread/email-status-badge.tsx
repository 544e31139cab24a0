import type { EmailStatus } from '@ledgerdesk/domain/entities';
import { emailStatusLabel } from '@ledgerdesk/domain/triage/thread-status-cards';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<EmailStatus, BadgeTone> = {
  available: 'success',
  archived: 'neutral',
  deleted: 'danger',
  error: 'danger',
  syncing: 'accent',
};

/** The email status badge (Available, Archived, Deleted, Error, Syncing; anything else Unknown). */
export function EmailStatusBadge({ status }: { status: string | null | undefined }) {
  const tone = status && Object.hasOwn(TONES, status) ? TONES[status as EmailStatus] : 'neutral';
  return (
    <Badge tone={tone} data-testid="email-status">
      {emailStatusLabel(status)}
    </Badge>
  );
}
