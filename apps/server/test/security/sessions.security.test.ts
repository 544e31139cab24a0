// Sessions, cross-site requests, sign-in limits and account changes, on PGlite and PostgreSQL.
import { CHANGE_EMAIL_ON_PROFILE } from '@ledgerdesk/domain/auth/account-changes';
import { cookieHeader } from '@ledgerdesk/test-support/seed/session-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

const PASSWORD = 'ledger-desk-42';

describe.each(testDatabaseKinds)('sessions and limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { SIGN_IN_MAX_ATTEMPTS_PER_ACCOUNT: '5', SIGN_IN_ACCOUNT_BUDGET: '15' });
  });
  afterAll(async () => t.close());

  const signIn = (email: string, password: string, remoteAddress = '198.51.100.1', headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
      remoteAddress,
      headers,
    });
  const isSignedIn = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).statusCode === 200;
  const post = (url: string, cookie: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, ...headers }, payload });

  it('sets the session cookie httpOnly, SameSite=Lax, path /', async () => {
    await signUp(t.app, 'cookies@firm.test');
    const response = await signIn('cookies@firm.test', PASSWORD);
    const session = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((cookie) => cookie.startsWith('better-auth.session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Path=\//);
  });

  it.each([
    ['Origin: null', { origin: 'null' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['no Origin and Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a state-changing request with %s, and changes nothing', async (_label, headers) => {
    const { cookie } = await signUp(t.app, `csrf-${Math.random().toString(36).slice(2)}@firm.test`);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie, ...headers },
      payload: { fullName: 'Forged' },
    });
    expect(response.statusCode).toBe(403);
    const profile = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json();
    expect(profile.profile.fullName).toBeNull();
  });

  it('lets a same-origin request through', async () => {
    const { cookie } = await signUp(t.app, 'same-origin@firm.test');
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { fullName: 'Real' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('ignores a spoofed X-Forwarded-For: rotating it does not reset the limit', async () => {
    await signUp(t.app, 'spoof@firm.test');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await signIn('spoof@firm.test', 'wrong-password', '198.51.100.2', {
        'x-forwarded-for': `10.0.0.${attempt}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('lets the owner sign in during an attack on the account from many addresses', async () => {
    await signUp(t.app, 'owner@firm.test');
    const deviceCookie = cookieHeader(
      (await signIn('owner@firm.test', PASSWORD, '198.51.100.3')).headers['set-cookie'],
    );
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await signIn('owner@firm.test', 'wrong-password', `203.0.113.${attempt + 1}`);
    }
    // From the address they always use, and from a new one on the browser they signed in on before.
    expect(
      (await signIn('owner@firm.test', PASSWORD, '198.51.100.3', { cookie: deviceCookie })).statusCode,
    ).toBe(200);
    expect(
      (await signIn('owner@firm.test', PASSWORD, '198.51.100.4', { cookie: deviceCookie })).statusCode,
    ).toBe(200);
  });

  it('ends the session on sign-out', async () => {
    const { cookie } = await signUp(t.app, 'signout@firm.test');
    expect((await post('/api/auth/sign-out', cookie, {})).statusCode).toBe(200);
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it('refuses a weak new password or the email itself, and a good change ends every other session', async () => {
    const { cookie } = await signUp(t.app, 'changer@firm.test');
    const other = cookieHeader(
      (await signIn('changer@firm.test', PASSWORD, '198.51.100.5')).headers['set-cookie'],
    );
    for (const weak of ['password', '12345678', 'changer@firm.test']) {
      const response = await post('/api/auth/change-password', cookie, {
        currentPassword: PASSWORD,
        newPassword: weak,
      });
      expect(response.statusCode, weak).toBe(400);
    }
    expect(await isSignedIn(other)).toBe(true);
    const changed = await post('/api/auth/change-password', cookie, {
      currentPassword: PASSWORD,
      newPassword: 'a-much-better-pass-7',
      revokeOtherSessions: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(await isSignedIn(other)).toBe(false);
    expect((await signIn('changer@firm.test', 'a-much-better-pass-7', '198.51.100.6')).statusCode).toBe(200);
  });

  it('keeps update-user to the profile limits and refuses the change-email endpoint', async () => {
    const { cookie } = await signUp(t.app, 'updater@firm.test');
    const longName = await post('/api/auth/update-user', cookie, { name: 'n'.repeat(500 * 1024) });
    expect(longName.statusCode).toBe(400);
    const name = await post('/api/auth/update-user', cookie, { name: 'n'.repeat(201) });
    expect(name.statusCode).toBe(400);
    const image = await post('/api/auth/update-user', cookie, { image: 'javascript:alert(1)' });
    expect(image.statusCode).toBe(400);
    const email = await post('/api/auth/change-email', cookie, { newEmail: 'stolen@firm.test' });
    expect(email.statusCode).toBe(403);
    expect(email.json().error.message).toBe(CHANGE_EMAIL_ON_PROFILE);
    expect((await signIn('stolen@firm.test', PASSWORD, '198.51.100.7')).statusCode).toBe(401);
  });
});
