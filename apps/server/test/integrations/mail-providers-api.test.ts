import type { MailProvidersResponse } from '@ledgerdesk/domain/api/integrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

// GET /api/integrations/providers tells the first-run screen what it may offer: a provider with credentials is
// real, one without is the sandbox when the sandbox is mounted, and off otherwise.
describe.each(testDatabaseKinds)('mail providers API on %s', (kind) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      MAIL_SANDBOX: 'auto',
      MICROSOFT_CLIENT_ID: 'real-client',
      MICROSOFT_CLIENT_SECRET: 'real-secret',
    });
    cookie = (await signUp(t.app, 'first-run@firm.test')).cookie;
  });
  afterAll(async () => t?.close());

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/integrations/providers' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('You must be logged in to view email providers.');
  });

  it('offers Office 365 for real and Gmail through the sandbox when only Microsoft has credentials', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/providers',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<MailProvidersResponse>().providers).toEqual([
      { provider: 'office365', isConfigured: true, isSandbox: false },
      { provider: 'gmail', isConfigured: true, isSandbox: true },
    ]);
  });
});

describe('mail providers API without credentials or sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { MAIL_SANDBOX: 'off' });
  });
  afterAll(async () => t?.close());

  it('offers nothing it cannot connect', async () => {
    const { cookie } = await signUp(t.app, 'nothing@firm.test');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/providers',
      headers: { cookie },
    });
    expect(response.json<MailProvidersResponse>().providers).toEqual([
      { provider: 'office365', isConfigured: false, isSandbox: false },
      { provider: 'gmail', isConfigured: false, isSandbox: false },
    ]);
  });
});
