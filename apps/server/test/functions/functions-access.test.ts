import { FUNCTION_NAMES } from '@ledgerdesk/domain/api/functions';
import { AUTH_CODE_EXPIRED, REDIRECT_URI_MISMATCH } from '@ledgerdesk/domain/integrations/oauth-messages';
import { EMAIL_FETCH_ERRORS, NOT_LOGGED_IN_FETCH_MESSAGE } from '@ledgerdesk/domain/mail/email-fetch-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectFreshMailbox, mailboxSummary, sync } from '../mail/support/mail-fixtures';
import {
  callFunction,
  connectMailbox,
  createMailHarness,
  type MailHarness,
  redirectUriFor,
  signUp,
} from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('server functions: access and validation (%s)', (kind) => {
  let h: MailHarness;
  let owner: Connected;
  let intruder: { cookie: string; userId: string };
  let messageId: string;
  beforeAll(async () => {
    h = await createMailHarness(kind);
    owner = await connectFreshMailbox(h, 'office365');
    await sync(h, owner);
    messageId = (await storedItems(h.app, owner.userId, owner.integrationId))[0]?.emailMessageId ?? '';
    intruder = await signUp(h.app, `intruder-${kind}@ledgerdesk.test`);
  });
  afterAll(async () => h?.close());

  it.each(FUNCTION_NAMES)('%s needs a signed-in user', async (name) => {
    const response = await h.app.inject({ method: 'POST', url: `/api/functions/${name}`, payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toMatch(/^You must be logged in to /);
  });

  it('uses the spec text for a content fetch without a session', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/functions/fetch-email-content',
      payload: {},
    });
    expect(response.json().error.message).toBe(NOT_LOGGED_IN_FETCH_MESSAGE);
  });

  it.each(FUNCTION_NAMES)('%s answers 400 for a bad body', async (name) => {
    for (const body of [{}, { integrationId: 'not-a-uuid', unexpected: true }, []]) {
      const response = await callFunction(h.app, owner.cookie, name, body);
      expect(response.statusCode, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });

  it('refuses a reset with no folder selected', async () => {
    const response = await callFunction(h.app, owner.cookie, 'enhanced-full-resync-emails', {
      integrationId: owner.integrationId,
      includeFolders: { inbox: false, sent: false, archive: false },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('Please select at least one folder');
  });

  it('never lets another user act on an integration (404 as if it did not exist)', async () => {
    const before = await mailboxSummary(h, owner.address);
    const calls: Array<[string, object]> = [
      ['refresh-email-token', { integrationId: owner.integrationId }],
      ['initialize-sync-config', { integrationId: owner.integrationId }],
      ['fetch-email-content', { email_message_id: messageId, email_integration_id: owner.integrationId }],
      ['fetch-office365-content', { email_message_id: messageId, email_integration_id: owner.integrationId }],
      ['archive-email', { messageId, integrationId: owner.integrationId }],
      ['unarchive-email', { messageId, integrationId: owner.integrationId }],
      [
        'send-office365-email',
        { integrationId: owner.integrationId, to: ['x@client.test'], subject: 'Hi', body: 'x' },
      ],
      ['sync-office365-emails', { integrationId: owner.integrationId }],
      ['sync-emails', { integrationId: owner.integrationId }],
      ['enhanced-full-resync-emails', { integrationId: owner.integrationId }],
    ];
    for (const [name, body] of calls) {
      const response = await callFunction(h.app, intruder.cookie, name, body);
      expect(response.statusCode, name).toBe(404);
    }
    const fetch = await callFunction(h.app, intruder.cookie, 'fetch-email-content', {
      email_message_id: messageId,
      email_integration_id: owner.integrationId,
    });
    expect(fetch.json().error).toEqual({
      code: 'EmailIntegrationNotFound',
      message: EMAIL_FETCH_ERRORS.EmailIntegrationNotFound.description,
    });
    expect(await mailboxSummary(h, owner.address)).toEqual(before);
  });

  it("refuses a redirect URI that is not the app's email integration page", async () => {
    for (const redirectUri of [
      'https://evil.test/integrations/email?provider=office365',
      'http://localhost:3000/somewhere-else',
      'http://localhost:3000/integrations/email?provider=gmail',
    ]) {
      const response = await callFunction(h.app, owner.cookie, 'office365-auth', {
        action: 'get-auth-url',
        redirectUri,
      });
      expect(response.statusCode, redirectUri).toBe(400);
      expect(response.json().error.message).toBe(REDIRECT_URI_MISMATCH);
    }
  });

  it('asks for offline access, PKCE and state in the authorization URL', async () => {
    for (const [name, provider] of [
      ['office365-auth', 'office365'],
      ['gmail-auth', 'gmail'],
    ] as const) {
      const response = await callFunction(h.app, owner.cookie, name, {
        action: 'get-auth-url',
        redirectUri: redirectUriFor(provider),
      });
      const url = new URL(response.json().authUrl);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('state')).toMatch(new RegExp(`^${provider}\\.[\\w-]{32}$`));
      expect(url.searchParams.get('redirect_uri')).toBe(redirectUriFor(provider));
      if (provider === 'office365')
        expect(url.searchParams.get('scope')).toBe(
          'offline_access Mail.Read Mail.ReadWrite Mail.Send User.Read',
        );
      else expect(url.searchParams.get('access_type')).toBe('offline');
    }
  });

  it('only redeems a code for the user who started the connection', async () => {
    const response = await callFunction(h.app, intruder.cookie, 'office365-auth', {
      code: 'whatever',
      redirectUri: redirectUriFor('office365'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('OAUTH_STATE_INVALID');
  });

  it('explains an invalid authorization code with the spec text', async () => {
    const start = await callFunction(h.app, intruder.cookie, 'gmail-auth', {
      action: 'get-auth-url',
      redirectUri: redirectUriFor('gmail'),
    });
    const state = new URL(start.json().authUrl).searchParams.get('state');
    const response = await callFunction(h.app, intruder.cookie, 'gmail-auth', {
      code: 'not-a-real-code',
      redirectUri: redirectUriFor('gmail'),
      state,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(AUTH_CODE_EXPIRED);
  });

  it('updates the existing integration when the same mailbox is connected again', async () => {
    const again = await connectMailbox(h.app, owner.cookie, 'office365', owner.address);
    expect(again).toBe(owner.integrationId);
  });
});
