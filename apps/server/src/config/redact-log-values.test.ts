import { describe, expect, it } from 'vitest';
import { redactLogSecrets } from './log-redaction';

// Secrets outside URLs in a serialized log line: each is replaced, the line stays JSON, and what is not a secret
// (an error code, a state, a message) stays readable.
describe('redactLogSecrets outside URLs', () => {
  const line = (value: unknown) => JSON.stringify(value);

  it('replaces the values of secret members, strings, arrays and objects alike', () => {
    const redacted = redactLogSecrets(
      line({
        msg: 'x',
        code: '57P01',
        state: 'live',
        headers: { authorization: 'Bearer abc.def', cookie: 'a=b', 'set-cookie': ['s=1', 's=2'] },
        account: { user: 'me@firm.test', pass: 'imap-secret', password: 'p' },
        tokens: { accessToken: 'at', refresh_token: 'rt', sessionToken: 'st', client_secret: 'cs' },
        err: { message: 'Failed query', params: ['tok', ['nested', { deep: 'x' }], 3] },
        clientState: 'cs-value',
      }),
    );
    expect(JSON.parse(redacted)).toEqual({
      msg: 'x',
      code: '57P01',
      state: 'live',
      headers: { authorization: '[redacted]', cookie: '[redacted]', 'set-cookie': '[redacted]' },
      account: { user: 'me@firm.test', pass: '[redacted]', password: '[redacted]' },
      tokens: {
        accessToken: '[redacted]',
        refresh_token: '[redacted]',
        sessionToken: '[redacted]',
        client_secret: '[redacted]',
      },
      err: { message: 'Failed query', params: '[redacted]' },
      clientState: '[redacted]',
    });
  });

  it('replaces a failed query’s parameters, Bearer credentials and session cookies inside messages', () => {
    const redacted = redactLogSecrets(
      line({
        msg: 'Failed query: select 1 where "token" = $1\nparams: s3cr3t-token,other',
        detail: 'sent Authorization: Bearer eyJhbGciOi.payload.sig to Graph',
        header: 'better-auth.session_token=abc.def; theme=dark; ledgerdesk.known_device=kd1',
      }),
    );
    for (const secret of ['s3cr3t-token', 'eyJhbGciOi', 'abc.def', 'kd1'])
      expect(redacted).not.toContain(secret);
    const parsed = JSON.parse(redacted) as Record<string, string>;
    expect(parsed.msg).toBe('Failed query: select 1 where "token" = $1\nparams: [redacted]');
    expect(parsed.detail).toBe('sent Authorization: Bearer [redacted] to Graph');
    expect(parsed.header).toContain('theme=dark');
  });

  it('replaces a secret member of JSON quoted inside a string', () => {
    const redacted = redactLogSecrets(line({ body: JSON.stringify({ password: 'quoted-secret', keep: 1 }) }));
    expect(redacted).not.toContain('quoted-secret');
    expect(JSON.parse(JSON.parse(redacted).body)).toEqual({ password: '[redacted]', keep: 1 });
  });
});
