import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OFFICE365_MAILBOX, SANDBOX_CLIENT_SECRET } from '../defaults';
import { createHarness, form, type Harness, TOKEN_PATH } from '../test-support/harness';
import { FORM } from '../test-support/oauth-flow';

const SHARED_SCOPES =
  'offline_access Mail.ReadWrite Mail.Send User.Read Mail.ReadWrite.Shared Mail.Send.Shared';

describe('Microsoft token endpoint, as strict as the v2 endpoint', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ seed: false, clientSecret: SANDBOX_CLIENT_SECRET });
    await h.control('POST', '/mailboxes', {
      address: DEFAULT_OFFICE365_MAILBOX,
      provider: 'office365',
      messages: 3,
    });
  });
  afterAll(() => h.close());

  const refresh = (refreshToken: string, extra: Record<string, string> = {}) =>
    h.call('POST', TOKEN_PATH.office365, {
      headers: FORM,
      body: form({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'ledgerdesk-sandbox',
        client_secret: SANDBOX_CLIENT_SECRET,
        ...extra,
      }),
    });

  it('a refresh answers only the scopes it asks for, and the token carries only those', async () => {
    const { refreshToken } = await h.connect('office365', { requestedScope: SHARED_SCOPES });
    const narrow = await refresh(refreshToken ?? '', {
      scope: 'offline_access Mail.ReadWrite Mail.Send User.Read',
    });
    expect(narrow.statusCode).toBe(200);
    expect(narrow.json().scope).toBe('Mail.ReadWrite Mail.Send User.Read');
    const whole = await refresh(refreshToken ?? '', { scope: SHARED_SCOPES });
    expect(whole.json().scope).toBe(
      'Mail.ReadWrite Mail.Send User.Read Mail.ReadWrite.Shared Mail.Send.Shared',
    );

    // The narrowed token reads its own mailbox but may not send from another one.
    const token = narrow.json().access_token as string;
    expect((await h.graph('GET', '/me/mailFolders/inbox', { token })).statusCode).toBe(200);
    const send = await h.graph('POST', '/me/sendMail', {
      token,
      body: {
        message: {
          subject: 'x',
          toRecipients: [{ emailAddress: { address: 'a@client.test' } }],
          from: { emailAddress: { address: 'accounts@harbourline-office365.test' } },
        },
      },
    });
    expect(send.statusCode).toBe(403);
    expect(send.json().error.code).toBe('ErrorAccessDenied');

    const unconsented = await refresh(refreshToken ?? '', { scope: 'Mail.ReadWrite Calendars.Read' });
    expect(unconsented.statusCode).toBe(400);
    expect(unconsented.json().error).toBe('consent_required');
  });

  it('answers interaction_required and consent_required until the user consents again, temporarily_unavailable for its count', async () => {
    const { refreshToken } = await h.connect('office365');
    const path = `/mailboxes/${encodeURIComponent(DEFAULT_OFFICE365_MAILBOX)}/refresh-error`;
    expect((await h.control('POST', path, { error: 'nonsense' })).statusCode).toBe(400);

    await h.control('POST', path, { error: 'interaction_required' });
    for (let i = 0; i < 2; i++) {
      const answer = await refresh(refreshToken ?? '');
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'interaction_required', error_codes: [50076] });
    }
    const again = await h.connect('office365');
    expect((await refresh(again.refreshToken ?? '')).statusCode).toBe(200);

    await h.control('POST', path, { error: 'temporarily_unavailable', count: 1 });
    expect((await refresh(again.refreshToken ?? '')).json().error).toBe('temporarily_unavailable');
    expect((await refresh(again.refreshToken ?? '')).statusCode).toBe(200);
  });

  it('a wrong client secret is invalid_client (401, AADSTS7000215)', async () => {
    const { refreshToken } = await h.connect('office365');
    const wrong = await refresh(refreshToken ?? '', { client_secret: 'an-expired-secret' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client', error_codes: [7000215] });
  });
});

describe('Graph $batch', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ seed: false });
    await h.control('POST', '/mailboxes', {
      address: DEFAULT_OFFICE365_MAILBOX,
      provider: 'office365',
      messages: 1,
    });
  });
  afterAll(() => h.close());

  it('refuses a step with an absolute url, as json-batching.md asks for the relative resource URL', async () => {
    const { accessToken } = await h.connect('office365');
    const absolute = await h.graph('POST', '/$batch', {
      token: accessToken,
      body: { requests: [{ id: '1', method: 'GET', url: 'https://graph.microsoft.com/v1.0/me' }] },
    });
    expect(absolute.statusCode).toBe(400);
    const relative = await h.graph('POST', '/$batch', {
      token: accessToken,
      body: { requests: [{ id: '1', method: 'GET', url: '/me' }] },
    });
    expect(relative.statusCode).toBe(200);
  });
});
