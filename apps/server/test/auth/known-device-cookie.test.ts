import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_DEVICE_COOKIE } from '../../src/auth/known-device';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

const setCookies = (header: string | string[] | undefined) =>
  Array.isArray(header) ? header : header ? [header] : [];
const named = (cookies: string[], name: string) =>
  cookies.find((cookie) => cookie.startsWith(`${name}=`) || cookie.startsWith(`__Secure-${name}=`));
const attributes = (cookie: string | undefined) =>
  (cookie ?? '')
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());

describe.each(testDatabaseKinds)('the known-device cookie (%s)', (kind) => {
  let secure: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    secure = await createTestApp(kind, {}, { publicUrl: 'https://ledgerdesk.example.test' });
    plain = await createTestApp(kind);
  });
  afterAll(async () => {
    await secure?.close();
    await plain?.close();
  });

  // The request reaches the app over plain http, as it does behind a proxy that ends TLS.
  const signUpAndIn = async (t: TestApp, email: string) => {
    const credentials = { email, password: 'ledger-desk-42' };
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { ...credentials, name: '' },
    });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: credentials,
    });
    expect(signUp.statusCode).toBe(200);
    expect(signIn.statusCode).toBe(200);
    return [setCookies(signUp.headers['set-cookie']), setCookies(signIn.headers['set-cookie'])];
  };

  it('is Secure, like the session cookie, whenever PUBLIC_URL is https, over a plain-http request', async () => {
    for (const cookies of await signUpAndIn(secure, 'secure.device@firm.test')) {
      expect(attributes(named(cookies, 'better-auth.session_token'))).toContain('secure');
      const device = named(cookies, KNOWN_DEVICE_COOKIE);
      expect(device).toBeDefined();
      expect(attributes(device)).toEqual(
        expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/api/auth']),
      );
    }
  });

  it('is not Secure on an http PUBLIC_URL (local development), like the session cookie', async () => {
    for (const cookies of await signUpAndIn(plain, 'plain.device@firm.test')) {
      expect(attributes(named(cookies, 'better-auth.session_token'))).not.toContain('secure');
      const device = named(cookies, KNOWN_DEVICE_COOKIE);
      expect(device).toBeDefined();
      expect(attributes(device)).not.toContain('secure');
    }
  });
});
