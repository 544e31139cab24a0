import { connectThroughOAuth } from '@ledgerdesk/test-support/seed/connect-mailbox';
import { expect, type Page } from '@playwright/test';

export type SandboxProvider = 'office365' | 'gmail';

type ConnectOptions = {
  /** The sandbox mailbox; a new address is created with generated mail. */
  address: string;
  provider?: SandboxProvider;
  /** How many generated messages a new mailbox gets (the sandbox's default when omitted). */
  messages?: number;
};

let mailboxCounter = 0;
/** A mailbox address no other journey uses, so journeys never see each other's mail. */
export function uniqueMailbox(prefix = 'inbox'): string {
  mailboxCounter += 1;
  return `${prefix}.${Date.now().toString(36)}${mailboxCounter}@sandbox.test`;
}

/**
 * Connects a sandbox mailbox for the signed-in user the way a person does (packages/test-support's
 * `connectThroughOAuth`, consent in the browser), redeems the code through the API, and runs the first sync.
 */
export async function connectSandboxMailbox(
  page: Page,
  options: ConnectOptions,
): Promise<{ integrationId: string }> {
  const provider = options.provider ?? 'office365';
  const origin = new URL(page.url()).origin;
  if (options.messages !== undefined) {
    const created = await page.request.post('/sandbox/control/mailboxes', {
      data: { address: options.address, provider, messages: options.messages },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  const integrationId = await connectThroughOAuth({
    provider,
    redirectUri: `${origin}/integrations/email`,
    callAuth: async (fn, input) => {
      const response = await page.request.post(`/api/functions/${fn}`, { data: input });
      expect(response.ok(), await response.text()).toBe(true);
      return response.json();
    },
    consent: (authUrl) => consentInBrowser(page, authUrl, options.address),
  });
  const synced = await page.request.post('/api/functions/initialize-sync-config', {
    data: { integrationId },
    timeout: 60_000,
  });
  expect(synced.ok(), await synced.text()).toBe(true);
  return { integrationId };
}

/**
 * Consent as a person gives it: the sandbox's consent page in the browser, the mailbox typed, Allow clicked.
 * Its redirect to /integrations/email?code=… is caught here (routes never see the redirect's target), so the
 * integrations page's own redemption of the code does not race the caller's.
 */
async function consentInBrowser(page: Page, authUrl: string, address: string): Promise<URL> {
  const origin = new URL(page.url()).origin;
  let returnUrl: string | null = null;
  const isConsentPost = (url: URL) => url.pathname.startsWith('/sandbox/');
  await page.route(isConsentPost, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch({ maxRedirects: 0 });
    const location = response.headers().location;
    if (!location?.includes('code=')) return route.fulfill({ response });
    returnUrl = new URL(location, origin).href;
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Connected</title>',
    });
  });
  await page.goto(authUrl);
  await page.getByLabel('Mailbox').fill(address);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect.poll(() => returnUrl, { timeout: 10_000 }).not.toBeNull();
  await page.unroute(isConsentPost);
  return new URL(returnUrl ?? '');
}

/** Runs a sync now (instead of waiting for the minute scheduler). */
export async function syncNow(page: Page, integrationId: string, provider: SandboxProvider = 'office365') {
  const fn = provider === 'gmail' ? '/api/functions/sync-emails' : '/api/functions/sync-office365-emails';
  const response = await page.request.post(fn, { data: { integrationId }, timeout: 60_000 });
  expect(response.ok(), await response.text()).toBe(true);
}

export type SandboxMessage = {
  mailbox: string;
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  /** The sandbox id (or Internet message id) of the message this one replies to: same thread. */
  inReplyTo?: string;
  html?: string;
  text?: string;
  folder?: 'inbox' | 'sent' | 'archive';
  isRead?: boolean;
  receivedDateTime?: string;
  /** Extra headers (List-Unsubscribe, Auto-Submitted, …). */
  headers?: Record<string, string>;
};

/** Delivers a message into a sandbox mailbox through the sandbox's control API. */
export async function deliverSandboxMessage(page: Page, message: SandboxMessage): Promise<{ id: string }> {
  const response = await page.request.post('/sandbox/control/messages', { data: message });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string };
}

export type SandboxMailbox = {
  folders: Record<'inbox' | 'sent' | 'archive', { total: number; unread: number }>;
  messages: { id: string; threadId: string; folder: string; subject: string; isRead: boolean }[];
};

/** Sent mail is held for the undo window (5 s by default) before it reaches the mailbox: polls wait this long. */
export const UNDO_WINDOW_POLL = { timeout: 20_000 };

/** A sandbox mailbox as the control API reports it (folder counts and messages, newest first). */
export async function readSandboxMailbox(page: Page, address: string): Promise<SandboxMailbox> {
  const response = await page.request.get(`/sandbox/control/mailboxes/${encodeURIComponent(address)}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as SandboxMailbox;
}
