import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, form, GOOGLE_SCOPES, type Harness, MICROSOFT_SCOPES } from '../test-support/harness';
import { FORM, oauthFlow } from '../test-support/oauth-flow';

let h: Harness;
let clock = Date.now();
let flow: ReturnType<typeof oauthFlow>;

// One sandbox per file (seeding is the slow part); each test starts from the real time.
beforeAll(async () => {
  h = await createHarness({ now: () => clock });
  flow = oauthFlow(h);
});
beforeEach(() => {
  clock = Date.now();
});
afterAll(() => h.close());

describe('token endpoint', () => {
  it('exchanges a code with PKCE (S256) for Microsoft tokens in the real shape', async () => {
    const { page, verifier } = await flow.authorize('office365');
    const code =
      (await flow.allow('office365', page.body, MICROSOFT_SCOPES.split(' '))).searchParams.get('code') ?? '';
    const response = await flow.exchange('office365', {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      scope: 'Mail.ReadWrite Mail.Send User.Read',
      expires_in: 3600,
      ext_expires_in: 3600,
    });
    expect(typeof body.access_token).toBe('string');
    expect(typeof body.refresh_token).toBe('string');

    const reused = await flow.exchange('office365', {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_grant');
  });

  it('accepts the plain PKCE method', async () => {
    const { page } = await flow.authorize('gmail', {
      access_type: 'offline',
      code_challenge: 'plain-verifier-1234567890',
      code_challenge_method: 'plain',
    });
    const code =
      (await flow.allow('gmail', page.body, GOOGLE_SCOPES.split(' '))).searchParams.get('code') ?? '';
    const response = await flow.exchange('gmail', {
      grant_type: 'authorization_code',
      code,
      code_verifier: 'plain-verifier-1234567890',
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'scope',
      'token_type',
    ]);
  });

  it('rejects a wrong PKCE verifier, a different redirect_uri and an expired code', async () => {
    const { page, verifier } = await flow.authorize('office365');
    const code =
      (await flow.allow('office365', page.body, MICROSOFT_SCOPES.split(' '))).searchParams.get('code') ?? '';
    const wrongVerifier = await flow.exchange('office365', {
      grant_type: 'authorization_code',
      code,
      code_verifier: 'nope',
    });
    expect(wrongVerifier.json().error).toBe('invalid_grant');
    const mismatch = await flow.exchange('office365', {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: 'http://evil.test/cb',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error_description).toMatch(/^AADSTS50011: The redirect URI/);

    const google = await flow.authorize('gmail', { access_type: 'offline' });
    const googleCode =
      (await flow.allow('gmail', google.page.body, GOOGLE_SCOPES.split(' '))).searchParams.get('code') ?? '';
    const googleMismatch = await flow.exchange('gmail', {
      grant_type: 'authorization_code',
      code: googleCode,
      code_verifier: google.verifier,
      redirect_uri: 'http://evil.test/cb',
    });
    expect(googleMismatch.json()).toEqual({
      error: 'redirect_uri_mismatch',
      error_description: 'Bad Request',
    });

    clock += 11 * 60_000;
    const expired = await flow.exchange('gmail', {
      grant_type: 'authorization_code',
      code: googleCode,
      code_verifier: google.verifier,
    });
    expect(expired.json()).toEqual({ error: 'invalid_grant', error_description: 'Bad Request' });
  });

  it('refreshes: Microsoft rotates the refresh token, Google keeps it', async () => {
    const ms = await h.connect('office365');
    const msRefresh = await flow.exchange('office365', {
      grant_type: 'refresh_token',
      refresh_token: ms.refreshToken ?? '',
    });
    expect(msRefresh.statusCode).toBe(200);
    expect(msRefresh.json().refresh_token).toBeTruthy();
    expect(msRefresh.json().refresh_token).not.toBe(ms.refreshToken);

    const google = await h.connect('gmail');
    const googleRefresh = await flow.exchange('gmail', {
      grant_type: 'refresh_token',
      refresh_token: google.refreshToken ?? '',
    });
    expect(googleRefresh.statusCode).toBe(200);
    expect(googleRefresh.json().refresh_token).toBeUndefined();
    expect(googleRefresh.json().access_token).not.toBe(google.accessToken);
  });

  it('issues refresh tokens only when offline access was requested', async () => {
    const ms = await h.connect('office365', { scopes: ['Mail.ReadWrite', 'Mail.Send', 'User.Read'] });
    expect(ms.refreshToken).toBeUndefined();
    const google = await h.connect('gmail', { wantsOffline: false });
    expect(google.refreshToken).toBeUndefined();
  });

  it('expires access tokens with the clock and on expire-tokens, while refresh keeps working', async () => {
    const ms = await h.connect('office365');
    clock += 3601 * 1000;
    const expired = await h.graph('GET', '/me', { token: ms.accessToken });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toMatchObject({
      code: 'InvalidAuthenticationToken',
      message: 'Lifetime validation failed, the token is expired.',
    });

    const google = await h.connect('gmail');
    expect((await h.control('POST', `/mailboxes/${google.mailbox}/expire-tokens`)).statusCode).toBe(200);
    const rejected = await h.gmail('GET', '/profile', { token: google.accessToken });
    expect(rejected.statusCode).toBe(401);
    expect(rejected.json().error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    const refreshed = await flow.exchange('gmail', {
      grant_type: 'refresh_token',
      refresh_token: google.refreshToken ?? '',
    });
    const profile = await h.gmail('GET', '/profile', { token: refreshed.json().access_token });
    expect(profile.statusCode).toBe(200);
  });

  it('answers invalid_grant to refresh after revoke (control API and Google revoke)', async () => {
    const ms = await h.connect('office365');
    await h.control('POST', `/mailboxes/${ms.mailbox}/revoke`);
    const refused = await flow.exchange('office365', {
      grant_type: 'refresh_token',
      refresh_token: ms.refreshToken ?? '',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await h.graph('GET', '/me', { token: ms.accessToken })).statusCode).toBe(401);

    const google = await h.connect('gmail');
    const revoke = await h.call('POST', '/sandbox/google/revoke', {
      headers: FORM,
      body: form({ token: google.refreshToken ?? '' }),
    });
    expect(revoke.statusCode).toBe(200);
    const googleRefused = await flow.exchange('gmail', {
      grant_type: 'refresh_token',
      refresh_token: google.refreshToken ?? '',
    });
    expect(googleRefused.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
  });

  it('grants fewer permissions when scopes are unticked, and the APIs enforce them with 403', async () => {
    const ms = await h.connect('office365', { scopes: ['offline_access', 'Mail.ReadWrite', 'User.Read'] });
    expect(ms.scope).toBe('Mail.ReadWrite User.Read');
    const send = await h.graph('POST', '/me/sendMail', {
      token: ms.accessToken,
      body: { message: { subject: 'x', toRecipients: [{ emailAddress: { address: 'a@b.test' } }] } },
    });
    expect(send.statusCode).toBe(403);
    expect(send.json().error).toMatchObject({
      code: 'ErrorAccessDenied',
      message: 'Access is denied. Check credentials and try again.',
    });

    const google = await h.connect('gmail', { scopes: ['https://www.googleapis.com/auth/gmail.send'] });
    const list = await h.gmail('GET', '/messages', { token: google.accessToken });
    expect(list.statusCode).toBe(403);
    expect(list.json().error.errors[0].reason).toBe('insufficientPermissions');
    expect(list.json().error.message).toBe('Request had insufficient authentication scopes.');
  });
});
