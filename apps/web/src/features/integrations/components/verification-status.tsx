import type { MailboxVerificationDto } from '@ledgerdesk/domain/api/integrations';
import { VERIFY_NOW_LABEL, verificationLine } from '@ledgerdesk/domain/integrations/verification-line';
import { Loader2, ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

const NEVER: MailboxVerificationDto = {
  state: 'never',
  verifiedAt: null,
  messageCount: null,
  missingCount: null,
  extraCount: null,
  error: null,
};

const TONE_CLASS = {
  muted: 'text-muted',
  success: 'text-muted',
  warning: 'text-warning',
  danger: 'text-danger',
} as const;

/** "10:42" today, "26 Nov 10:42" before: when the mailbox was last verified, in the browser's time zone. */
export function formatVerifiedAt(iso: string, now: Date): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} ${time}`;
}

type Props = {
  emailAddress: string;
  verification: MailboxVerificationDto | undefined;
  now: Date;
  /** The mailbox can be verified (active and connected); otherwise the button is left out. */
  canVerify: boolean;
  isPending: boolean;
  onVerify: () => void;
};

/** A mailbox's last reconciliation in words, and "Verify now" (decision 021). */
export function VerificationStatus({
  emailAddress,
  verification,
  now,
  canVerify,
  isPending,
  onVerify,
}: Props) {
  const current = verification ?? NEVER;
  const line = verificationLine(current, (iso) => formatVerifiedAt(iso, now));
  const isWaiting = isPending || current.state === 'queued' || current.state === 'running';
  return (
    <div
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px]"
      data-testid="verification-status"
    >
      <p className={cn('flex min-w-0 items-center gap-1.5', TONE_CLASS[line.tone])} role="status">
        {isWaiting ? (
          <Loader2 className="size-3.5 shrink-0 animate-spin" aria-hidden />
        ) : (
          <ShieldCheck
            className={cn('size-3.5 shrink-0', line.tone === 'success' && 'text-success')}
            aria-hidden
          />
        )}
        {current.verifiedAt && current.state === 'done' ? (
          <time dateTime={current.verifiedAt} title={new Date(current.verifiedAt).toLocaleString()}>
            {line.text}
          </time>
        ) : (
          <span>{line.text}</span>
        )}
      </p>
      {canVerify ? (
        <Button
          size="sm"
          variant="ghost"
          className="h-6 px-1.5 text-accent"
          disabled={isWaiting}
          onClick={onVerify}
          aria-label={`${VERIFY_NOW_LABEL}: ${emailAddress}`}
          title="Compare triage with the mailbox now and file anything missing"
        >
          {VERIFY_NOW_LABEL}
        </Button>
      ) : null}
    </div>
  );
}
