import { describe, expect, it } from 'vitest';
import { capturedLogger, leakedSecrets, rememberSecret, startLogCapture } from './log-capture';

// The security suite's log grep (security/support/capture-logs.ts) must find a secret that reaches the log, and
// must not cry wolf over one the logger's redaction replaced.
describe('the captured log grep', () => {
  it('names a remembered secret written to the log, and not one the redaction replaced', () => {
    startLogCapture();
    rememberSecret('session-token-0f3a9c', 'a-password-77');
    const log = capturedLogger();
    if (!log) throw new Error('no capture');
    log.info(
      { headers: { cookie: 'better-auth.session_token=session-token-0f3a9c' } },
      'redacted by member name',
    );
    log.info({ password: 'a-password-77' }, 'redacted too');
    expect(leakedSecrets()).toEqual([]);
    log.warn(`a library printed session-token-0f3a9c in its message`);
    expect(leakedSecrets()).toEqual([expect.stringMatching(/^session-token-0f3a9c: .*a library printed/)]);
  });
});
