import { describe, expect, it } from 'vitest';
import type { MailboxVerificationDto } from '../api/integrations';
import { NOT_VERIFIED_LABEL, VERIFYING_LABEL, verificationLine } from './verification-line';

const base: MailboxVerificationDto = {
  state: 'done',
  verifiedAt: '2026-11-27T10:42:00.000Z',
  messageCount: 1204,
  missingCount: 0,
  extraCount: 0,
  error: null,
};
const at = () => '10:42';

describe('verificationLine', () => {
  it('says how many messages were verified and that none were missing', () => {
    expect(verificationLine(base, at)).toEqual({
      text: 'Verified 10:42 — 1,204 messages, 0 missing',
      tone: 'success',
    });
  });

  it('says what was healed', () => {
    expect(verificationLine({ ...base, missingCount: 3 }, at).text).toBe(
      'Verified 10:42 — 1,204 messages, 3 missing, healed',
    );
    expect(verificationLine({ ...base, missingCount: 1, extraCount: 2, messageCount: 1 }, at).text).toBe(
      'Verified 10:42 — 1 message, 1 missing, 2 no longer in the mailbox, healed',
    );
  });

  it('words the other states', () => {
    expect(verificationLine({ ...base, state: 'running' }, at).text).toBe(VERIFYING_LABEL);
    expect(verificationLine({ ...base, state: 'never', verifiedAt: null }, at).text).toBe(NOT_VERIFIED_LABEL);
    expect(
      verificationLine({ ...base, state: 'failed', error: 'The mail provider could not be reached.' }, at),
    ).toEqual({ text: 'Verification failed: The mail provider could not be reached.', tone: 'danger' });
  });
});
