import { cookieHeader } from '@ledgerdesk/test-support/seed/session-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../support/smtp-sink';
import { createTestApp, type TestApp } from '../support/test-app';

describe('email confirmation (REQUIRE_EMAIL_CONFIRMATION=true with SMTP)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp('pglite', { REQUIRE_EMAIL_CONFIRMATION: 'true', SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('signs up without a session, mails a confirmation link, and the link confirms and signs in', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {
        email: 'new@firm.com',
        password: 'ledger-desk-42',
        name: '',
        callbackURL: 'http://localhost:3000/triage',
      },
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json()).toMatchObject({
      token: null,
      user: { email: 'new@firm.com', emailVerified: false },
    });
    expect(cookieHeader(signUp.headers['set-cookie'])).not.toMatch(/session_token=[^;]+/);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'new@firm.com', password: 'ledger-desk-42' },
    });
    expect(login.statusCode).toBe(403);

    await expect.poll(() => smtp.messages.length, { timeout: 5000 }).toBeGreaterThan(0);
    const mail = (smtp.messages[0] ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(mail).toContain('To: new@firm.com');
    const link = mail.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^\s]+/)?.[0];
    expect(link).toBeTruthy();

    const verify = await t.app.inject({
      method: 'GET',
      url: (link ?? '').replace('http://localhost:3000', ''),
    });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('http://localhost:3000/triage');
    const cookie = cookieHeader(verify.headers['set-cookie']);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json()).toMatchObject({ user: { email: 'new@firm.com', emailVerified: true } });
  });
});
