import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import {
  DEFAULT_GMAIL_MAILBOX,
  DEFAULT_OFFICE365_MAILBOX,
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SECRET,
} from '../defaults';
import type { MailSandboxOptions } from '../options';
import { mailSandboxPlugin } from '../plugin/mail-sandbox-plugin';
import { assertNoContractViolations } from '../start-mail-sandbox';

export const PUBLIC_URL = 'http://sandbox.test/sandbox';
export const REDIRECT_URI = 'http://app.test/oauth/callback';
export const MICROSOFT_SCOPES = 'offline_access Mail.ReadWrite Mail.Send User.Read';
export const GOOGLE_SCOPES =
  'https://www.googleapis.com/auth/gmail.modify https://www.googleapis.com/auth/gmail.send';

export type Provider = 'office365' | 'gmail';
export type Connection = { accessToken: string; refreshToken?: string; mailbox: string; scope: string };
type Call = {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
};

export const AUTHORIZE_PATH: Record<Provider, string> = {
  office365: '/sandbox/microsoft/common/oauth2/v2.0/authorize',
  gmail: '/sandbox/google/o/oauth2/v2/auth',
};
export const TOKEN_PATH: Record<Provider, string> = {
  office365: '/sandbox/microsoft/common/oauth2/v2.0/token',
  gmail: '/sandbox/google/token',
};

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function form(values: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  }
  return params.toString();
}

export function requestIdOf(html: string): string {
  return /name="request_id" value="([^"]+)"/.exec(html)?.[1] ?? '';
}

/**
 * The sandbox mounted like the app mounts it, driven with inject. The provider contract check is on; a test
 * that means to send what the providers do not describe names each expected violation in `contractAllow`.
 */
export async function createHarness(
  options: Partial<Omit<MailSandboxOptions, 'contract'>> & { contractAllow?: string[] } = {},
) {
  const { contractAllow, ...sandboxOptions } = options;
  const contractViolations: string[] = [];
  const app: FastifyInstance = Fastify();
  await app.register(mailSandboxPlugin, {
    prefix: '/sandbox',
    publicUrl: PUBLIC_URL,
    redirectUris: [REDIRECT_URI],
    contract: { allow: contractAllow ?? [], violations: contractViolations },
    ...sandboxOptions,
  });
  await app.ready();

  const call = (
    method: InjectOptions['method'],
    url: string,
    options: Call = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      ...(options.query ? { query: options.query } : {}),
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    });

  /** Runs the consent flow (Allow) and the code exchange with PKCE. */
  async function connect(
    provider: Provider,
    options: { scopes?: string[]; mailbox?: string; wantsOffline?: boolean; requestedScope?: string } = {},
  ): Promise<Connection> {
    const { verifier, challenge } = pkcePair();
    const scope = options.requestedScope ?? (provider === 'office365' ? MICROSOFT_SCOPES : GOOGLE_SCOPES);
    const page = await call('GET', AUTHORIZE_PATH[provider], {
      query: {
        client_id: SANDBOX_CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        response_type: 'code',
        scope,
        state: 'xyz',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...(provider === 'gmail' && options.wantsOffline !== false ? { access_type: 'offline' } : {}),
      },
    });
    const mailbox =
      options.mailbox ?? (provider === 'office365' ? DEFAULT_OFFICE365_MAILBOX : DEFAULT_GMAIL_MAILBOX);
    const decision = await call('POST', AUTHORIZE_PATH[provider], {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({
        request_id: requestIdOf(page.body),
        decision: 'allow',
        mailbox,
        scope: options.scopes ?? scope.split(' '),
      }),
    });
    const code = new URL(String(decision.headers.location)).searchParams.get('code') ?? '';
    const token = await call('POST', TOKEN_PATH[provider], {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        client_id: SANDBOX_CLIENT_ID,
        client_secret: SANDBOX_CLIENT_SECRET,
        code_verifier: verifier,
      }),
    });
    const json = token.json() as { access_token: string; refresh_token?: string; scope: string };
    return {
      accessToken: json.access_token,
      ...(json.refresh_token ? { refreshToken: json.refresh_token } : {}),
      mailbox,
      scope: json.scope,
    };
  }

  return {
    app,
    call,
    connect,
    graph: (method: InjectOptions['method'], path: string, options?: Call) =>
      call(method, `/sandbox/graph/v1.0${path}`, options),
    gmail: (method: InjectOptions['method'], path: string, options?: Call) =>
      call(method, `/sandbox/gmail/gmail/v1/users/me${path}`, options),
    control: (method: InjectOptions['method'], path: string, body?: unknown) =>
      call(method, `/sandbox/control${path}`, body === undefined ? {} : { body }),
    contractViolations,
    async close() {
      await app.close();
      assertNoContractViolations(contractViolations);
    },
  };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;
