import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_GMAIL_MAILBOX, DEFAULT_OFFICE365_MAILBOX, SANDBOX_CLIENT_ID } from '../defaults';
import {
  AUTHORIZE_PATH,
  createHarness,
  form,
  GOOGLE_SCOPES,
  type Harness,
  MICROSOFT_SCOPES,
  REDIRECT_URI,
  requestIdOf,
} from '../test-support/harness';
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

describe('consent page', () => {
  it('renders the provider, one ticked checkbox per scope and the prefilled mailbox', async () => {
    const { page } = await flow.authorize('office365');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Mail sandbox</title>');
    expect(page.body).toContain('<h1>Mail sandbox</h1>');
    expect(page.body).toContain('Office 365 (sandbox)');
    expect(page.body).toContain(SANDBOX_CLIENT_ID);
    expect(page.body.match(/type="checkbox"[^>]*name="scope"[^>]*checked/g)).toHaveLength(4);
    expect(page.body).toContain('<label for="mailbox">Mailbox</label>');
    expect(page.body).toContain(`value="${DEFAULT_OFFICE365_MAILBOX}"`);
    expect(page.body).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(page.body).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
    expect(page.body).not.toMatch(/<script|https?:\/\/[^"]*\.(css|js)/);
  });

  it('shows Gmail (sandbox) with the Gmail default mailbox', async () => {
    const { page } = await flow.authorize('gmail', { access_type: 'offline' });
    expect(page.body).toContain('Gmail (sandbox)');
    expect(page.body).toContain(`value="${DEFAULT_GMAIL_MAILBOX}"`);
  });

  it('answers invalid authorize parameters with a 400 HTML page', async () => {
    const queries: Record<string, string>[] = [
      { client_id: 'x', response_type: 'code', scope: 'Mail.Read' },
      { redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'Mail.Read' },
      { client_id: 'x', redirect_uri: REDIRECT_URI, response_type: 'token', scope: 'Mail.Read' },
    ];
    for (const query of queries) {
      const response = await h.call('GET', AUTHORIZE_PATH.office365, { query });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Mail sandbox');
    }
  });

  it('redirects Allow with code and state, and Deny with access_denied', async () => {
    const first = await flow.authorize('office365');
    const allowed = await flow.allow('office365', first.page.body, MICROSOFT_SCOPES.split(' '));
    expect(allowed.origin + allowed.pathname).toBe(REDIRECT_URI);
    expect(allowed.searchParams.get('code')).toBeTruthy();
    expect(allowed.searchParams.get('state')).toBe('s-123');

    const second = await flow.authorize('gmail');
    const denied = await h.call('POST', AUTHORIZE_PATH.gmail, {
      headers: FORM,
      body: form({ request_id: requestIdOf(second.page.body), decision: 'deny' }),
    });
    expect(denied.statusCode).toBe(302);
    const location = new URL(String(denied.headers.location));
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('s-123');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('creates a mailbox with generated mail for an address it has never seen', async () => {
    const { page } = await flow.authorize('gmail', { access_type: 'offline' });
    await flow.allow('gmail', page.body, GOOGLE_SCOPES.split(' '), 'new.person@example.test');
    const summary = (await h.control('GET', '/mailboxes/new.person@example.test')).json();
    expect(summary.provider).toBe('gmail');
    expect(summary.messages.length).toBeGreaterThan(150);
  });
});
