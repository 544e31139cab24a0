import type { Provider } from '@ledgerdesk/domain/entities';
import { type RunningMailSandbox, startMailSandbox } from '@ledgerdesk/mail-sandbox';
import { allowSandboxConsent, connectThroughOAuth } from '@ledgerdesk/test-support/seed/connect-mailbox';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../src/time/clock';
import { createTestApp, signUp, type TestApp } from '../../support/test-app';
import type { TestDatabaseKind } from '../../support/test-database';

export const APP_ORIGIN = 'http://localhost:3000';
export const redirectUriFor = (provider: Provider, origin = APP_ORIGIN) =>
  `${origin}/integrations/email?provider=${provider}`;

/** Env that points both providers at a sandbox the way a real deployment points them at Microsoft and Google. */
export function sandboxEnv(sandboxUrl: string): Record<string, string> {
  return {
    MICROSOFT_CLIENT_ID: 'ledgerdesk-test',
    MICROSOFT_CLIENT_SECRET: 'ledgerdesk-test-secret',
    MICROSOFT_LOGIN_URL: `${sandboxUrl}/microsoft`,
    MICROSOFT_GRAPH_URL: `${sandboxUrl}/graph`,
    GOOGLE_CLIENT_ID: 'ledgerdesk-test',
    GOOGLE_CLIENT_SECRET: 'ledgerdesk-test-secret',
    GOOGLE_AUTH_URL: `${sandboxUrl}/google/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${sandboxUrl}/google/token`,
    GMAIL_API_URL: `${sandboxUrl}/gmail`,
    SYNC_INTERVAL_SECONDS: '0',
  };
}

export type MailHarness = TestApp & { sandbox: RunningMailSandbox; control: ControlClient };

/** The app on a fresh database plus a sandbox on a real port, wired together through the provider env. */
export async function createMailHarness(
  kind: TestDatabaseKind,
  options: {
    /** Extra settings, or a function of the sandbox's URL for settings that name it. */
    env?: Record<string, string> | ((sandboxUrl: string) => Record<string, string>);
    tokenLifetimeSeconds?: number;
    clock?: Clock;
  } = {},
): Promise<MailHarness> {
  const sandbox = await startMailSandbox({
    port: 0,
    seed: false,
    // The providers' published descriptions: an undescribed call is answered 400, an undescribed answer fails close().
    contract: {},
    ...(options.tokenLifetimeSeconds ? { tokenLifetimeSeconds: options.tokenLifetimeSeconds } : {}),
  });
  const testApp = await createTestApp(
    kind,
    {
      ...sandboxEnv(sandbox.url),
      ...(typeof options.env === 'function' ? options.env(sandbox.url) : options.env),
    },
    options.clock ? { clock: options.clock } : {},
  );
  return {
    ...testApp,
    sandbox,
    control: controlClient(sandbox.url),
    async close() {
      await testApp.close();
      await sandbox.close();
    },
  };
}

export type ControlClient = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;

/** Calls the sandbox control API and fails loudly on an error answer. */
export function controlClient(sandboxUrl: string): ControlClient {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${sandboxUrl}/control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}

/** POSTs to a server function as the user with `cookie`. */
export async function callFunction(app: FastifyInstance, cookie: string, name: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/functions/${name}`,
    headers: { cookie },
    payload: payload as object,
  });
}

/**
 * Connects a mailbox through the real authorization-code flow (packages/test-support's `connectThroughOAuth`)
 * over `app.inject`, consenting on the sandbox page with the ticked scopes. Answers the new integration id.
 */
export async function connectMailbox(
  app: FastifyInstance,
  cookie: string,
  provider: Provider,
  mailbox: string,
  options: { untick?: string[]; origin?: string } = {},
): Promise<string> {
  return connectThroughOAuth({
    provider,
    redirectUri: redirectUriFor(provider, options.origin),
    callAuth: async (fn, input) => {
      const response = await callFunction(app, cookie, fn, input);
      if (response.statusCode !== 200) throw new Error(`${fn}: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    consent: (authUrl) => allowSandboxConsent(authUrl, mailbox, { untick: options.untick }),
  });
}

export { signUp };
