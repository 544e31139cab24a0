// @vitest-environment happy-dom
import type { MailboxVerificationDto } from '@ledgerdesk/domain/api/integrations';
import {
  NOT_VERIFIED_LABEL,
  VERIFY_NOW_LABEL,
  VERIFYING_LABEL,
} from '@ledgerdesk/domain/integrations/verification-line';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerificationStatus } from './verification-status';

// The Email Integration card's reconciliation line (decision 021): what the last run found, in words, and a
// "Verify now" button that is a keyboard-reachable button, disabled while a run is queued or running.

afterEach(cleanup);

const now = new Date(2026, 10, 27, 11, 0);
const done: MailboxVerificationDto = {
  state: 'done',
  verifiedAt: new Date(2026, 10, 27, 10, 42).toISOString(),
  messageCount: 1204,
  missingCount: 0,
  extraCount: 0,
  error: null,
};

const renderLine = (
  verification: MailboxVerificationDto | undefined,
  props: { canVerify?: boolean } = {},
) => {
  const onVerify = vi.fn();
  render(
    <VerificationStatus
      emailAddress="alex@firm.test"
      verification={verification}
      now={now}
      canVerify={props.canVerify ?? true}
      isPending={false}
      onVerify={onVerify}
    />,
  );
  return {
    onVerify,
    button: () => screen.queryByRole('button', { name: `${VERIFY_NOW_LABEL}: alex@firm.test` }),
  };
};

describe('VerificationStatus', () => {
  it('says when the mailbox was verified and that nothing was missing, and verifies on request', () => {
    const { onVerify, button } = renderLine(done);
    expect(screen.getByRole('status').textContent).toBe('Verified 10:42 — 1,204 messages, 0 missing');
    const verifyNow = button();
    expect(verifyNow?.tagName).toBe('BUTTON');
    expect((verifyNow as HTMLButtonElement).disabled).toBe(false);
    verifyNow?.focus();
    expect(document.activeElement).toBe(verifyNow);
    fireEvent.click(verifyNow as HTMLElement);
    expect(onVerify).toHaveBeenCalledTimes(1);
  });

  it('says how many were healed, with the day when it was not today', () => {
    renderLine({ ...done, verifiedAt: new Date(2026, 10, 26, 9, 5).toISOString(), missingCount: 3 });
    expect(screen.getByRole('status').textContent).toBe(
      'Verified 26 Nov 09:05 — 1,204 messages, 3 missing, healed',
    );
  });

  it('reads "Verifying…" with the button disabled while a run is queued or running', () => {
    const { button } = renderLine({ ...done, state: 'running' });
    expect(screen.getByRole('status').textContent).toBe(VERIFYING_LABEL);
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    const queued = renderLine({ ...done, state: 'queued' });
    expect((queued.button() as HTMLButtonElement).disabled).toBe(true);
  });

  it('says it was never verified, and gives a failure in words', () => {
    renderLine(undefined);
    expect(screen.getByRole('status').textContent).toBe(NOT_VERIFIED_LABEL);
    cleanup();
    renderLine({ ...done, state: 'failed', error: 'The mail provider could not be reached.' });
    expect(screen.getByRole('status').textContent).toBe(
      'Verification failed: The mail provider could not be reached.',
    );
  });

  it('leaves the button out for a mailbox that cannot be verified', () => {
    const { button } = renderLine(done, { canVerify: false });
    expect(button()).toBeNull();
  });
});
