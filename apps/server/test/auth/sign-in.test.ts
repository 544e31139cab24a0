import { cookieHeader } from '@ledgerdesk/test-support/seed/session-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      SIGN_IN_MAX_ATTEMPTS_PER_ACCOUNT: '5',
      SIGN_IN_MAX_ATTEMPTS_PER_IP: '12',
      SIGN_IN_ACCOUNT_BUDGET: '20',
    });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  it('signs up, sets an httpOnly SameSite session cookie and creates the profile with the spec defaults', async () => {
    const response = await post('/api/auth/sign-up/email', {
      email: 'Amy@Firm.com',
      password: 'ledger-desk-42',
      name: '',
    });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/better-auth\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    const body = response.json() as { user: { email: string; emailVerified: boolean } };
    expect(body.user.email).toBe('amy@firm.com');
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { cookie: cookieHeader(response.headers['set-cookie']) },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      profile: {
        email: 'amy@firm.com',
        capacityHours: 40,
        notificationSettings: { email: true, push: true, mentions: true },
      },
    });
  });

  it('refuses a second account with the same email', async () => {
    const response = await post('/api/auth/sign-up/email', {
      email: 'amy@firm.com',
      password: 'another-pass-9',
      name: '',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error.message).toMatch(/already exists/i);
  });

  it('rejects an invalid email, a missing or short password with a clear 400', async () => {
    const invalidEmail = await post('/api/auth/sign-up/email', {
      email: 'not-an-email',
      password: 'ledger-desk-42',
    });
    expect(invalidEmail.statusCode).toBe(400);
    expect(invalidEmail.json().error.message).toBe('email: Please enter a valid email address');
    const missingEmail = await post('/api/auth/sign-up/email', { password: 'ledger-desk-42' });
    expect(missingEmail.statusCode).toBe(400);
    expect(missingEmail.json().error.message).toMatch(/^email: /);
    const shortPassword = await post('/api/auth/sign-up/email', {
      email: 'short@firm.com',
      password: '12345',
    });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().error.message).toBe('password: Password must be at least 6 characters');
    const noPassword = await post('/api/auth/sign-in/email', { email: 'short@firm.com' });
    expect(noPassword.statusCode).toBe(400);
  });

  it('rejects a weak password with the list of reasons', async () => {
    const response = await post('/api/auth/sign-up/email', {
      email: 'weak@firm.com',
      password: 'aaaaaaaa',
      name: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Password is too weak: it repeats a single character.');
    const common = await post('/api/auth/sign-up/email', {
      email: 'weak2@firm.com',
      password: 'password1',
      name: '',
    });
    expect(common.json().error.message).toContain('it is one of the most commonly used passwords');
  });

  it('refuses a wrong password without a session', async () => {
    const response = await post('/api/auth/sign-in/email', {
      email: 'amy@firm.com',
      password: 'wrong-password',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toMatch(/invalid email or password/i);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('logs in, reads the session, signs out, and the cookie no longer works', async () => {
    const login = await post('/api/auth/sign-in/email', {
      email: 'amy@firm.com',
      password: 'ledger-desk-42',
    });
    expect(login.statusCode).toBe(200);
    const cookie = cookieHeader(login.headers['set-cookie']);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json()).toMatchObject({ user: { email: 'amy@firm.com' } });
    const out = await post('/api/auth/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(refreshed.json()).toBeNull();
  });

  it('answers 401 on a protected endpoint without a session, with the spec wording', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/triage/counts' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'unauthorized', message: 'You must be logged in to view triage items.' },
    });
  });

  const signInFrom = (
    remoteAddress: string,
    email: string,
    password: string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      remoteAddress,
      headers,
    });

  it('refuses a client that keeps guessing one account with a clear 429, while the owner elsewhere signs in', async () => {
    await signUp(t.app, 'limited@firm.com');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await signInFrom('198.51.100.9', 'limited@firm.com', 'wrong-password')).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const blocked = await signInFrom('198.51.100.9', 'limited@firm.com', 'ledger-desk-42');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({
      code: 'too_many_requests',
      message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
    });
    const owner = await signInFrom('198.51.100.200', 'limited@firm.com', 'ledger-desk-42');
    expect(owner.statusCode).toBe(200);
  });

  it('ignores a spoofed X-Forwarded-For when no proxy is trusted', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await signInFrom('198.51.100.10', 'nobody-spoof@firm.com', 'wrong-password', {
        'x-forwarded-for': `10.9.0.${attempt}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses[5]).toBe(429);
  });

  it('rate-limits sign-in per IP across accounts', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 13; attempt += 1) {
      const response = await signInFrom('192.0.2.77', `nobody${attempt}@firm.com`, 'whatever-1');
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 12).every((status) => status === 401)).toBe(true);
    expect(statuses[12]).toBe(429);
  });

  it('after an attack from many addresses uses up the account budget, lets the owner in on a known device only', async () => {
    const owner = await signUp(t.app, 'budget@firm.com');
    const deviceCookie = cookieHeader(
      (await signInFrom('198.51.100.50', 'budget@firm.com', 'ledger-desk-42')).headers['set-cookie'],
    )
      .split('; ')
      .find((cookie) => cookie.startsWith('ledgerdesk.known_device='));
    expect(deviceCookie).toBeDefined();
    // ACCOUNT_BUDGET (20) wrong guesses from 20 addresses, each under the per-client limit.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await signInFrom(`203.0.113.${attempt + 1}`, 'budget@firm.com', 'wrong-password');
    }
    const newDevice = await signInFrom('198.51.100.60', 'budget@firm.com', 'ledger-desk-42');
    expect(newDevice.statusCode).toBe(429);
    const knownDevice = await signInFrom('198.51.100.61', 'budget@firm.com', 'ledger-desk-42', {
      cookie: String(deviceCookie),
    });
    expect(knownDevice.statusCode).toBe(200);
    void owner;
  });
});
