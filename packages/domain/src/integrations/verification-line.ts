import type { MailboxVerificationDto } from '../api/integrations';

/** Email Integration's words for a mailbox's reconciliation (decision 021), one place for the card and tests. */
export const VERIFY_NOW_LABEL = 'Verify now';
export const VERIFYING_LABEL = 'Verifying…';
export const VERIFY_QUEUED_LABEL = 'Verification queued…';
export const NOT_VERIFIED_LABEL = 'Not verified yet';
export const VERIFY_FAILED_PREFIX = 'Verification failed';

const count = (value: number) => value.toLocaleString('en-GB');
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

/** The verification state as one line: "Verified 10:42 — 1,204 messages, 0 missing" and its variants. */
export function verificationLine(
  verification: MailboxVerificationDto,
  formatTime: (iso: string) => string,
): { text: string; tone: 'muted' | 'success' | 'warning' | 'danger' } {
  if (verification.state === 'running') return { text: VERIFYING_LABEL, tone: 'muted' };
  if (verification.state === 'queued') return { text: VERIFY_QUEUED_LABEL, tone: 'muted' };
  if (verification.state === 'failed') {
    const reason = verification.error ? `: ${verification.error}` : '.';
    return { text: `${VERIFY_FAILED_PREFIX}${reason}`, tone: 'danger' };
  }
  if (verification.state === 'never' || !verification.verifiedAt)
    return { text: NOT_VERIFIED_LABEL, tone: 'muted' };
  const missing = verification.missingCount ?? 0;
  const extra = verification.extraCount ?? 0;
  const found = [
    `${count(missing)} missing`,
    ...(extra > 0 ? [`${count(extra)} no longer in the mailbox`] : []),
  ].join(', ');
  const healed = missing + extra > 0 ? ', healed' : '';
  return {
    text: `Verified ${formatTime(verification.verifiedAt)} — ${plural(verification.messageCount ?? 0, 'message', 'messages')}, ${found}${healed}`,
    tone: missing + extra > 0 ? 'warning' : 'success',
  };
}
