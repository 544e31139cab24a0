import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signUpThroughUi } from '../support/fixtures';

export type SandboxProvider = 'office365' | 'gmail';

let mailboxCounter = 0;
/** A sandbox mailbox address no other journey uses. */
export function uniqueMailbox(provider: SandboxProvider): string {
  mailboxCounter += 1;
  return `pat.${Date.now().toString(36)}${mailboxCounter}@${provider}-journeys.test`;
}

/** Creates a small sandbox mailbox (few messages, so its first sync is quick) through the control API. */
export async function createSandboxMailbox(
  request: APIRequestContext,
  address: string,
  provider: SandboxProvider,
  messages = 12,
): Promise<void> {
  const response = await request.post('/sandbox/control/mailboxes', {
    data: { address, provider, messages },
  });
  expect(response.status(), await response.text()).toBe(201);
}

export async function sandboxControl(request: APIRequestContext, path: string, data?: unknown) {
  const response = await request.post(`/sandbox/control${path}`, data === undefined ? {} : { data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** Opens the connect popup from the Email Integration page and returns it on the consent page. */
export async function openConsent(page: Page, provider: SandboxProvider): Promise<Page> {
  const popupPromise = page.waitForEvent('popup');
  await page
    .getByRole('button', { name: provider === 'office365' ? 'Connect Office 365' : 'Connect Gmail' })
    .click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/sandbox\//);
  await expect(popup.getByRole('heading', { name: 'Mail sandbox' })).toBeVisible();
  return popup;
}

/** Connects `address` through the popup with Allow and waits until its card shows. */
export async function connectMailbox(page: Page, provider: SandboxProvider, address: string): Promise<void> {
  const popup = await openConsent(page, provider);
  await popup.getByLabel('Mailbox').fill(address);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;
  await expect(toast(page, 'Connection Successful', address).first()).toBeVisible();
  await expect(card(page, address)).toBeVisible();
}

/**
 * The common start of a journey: a fresh user with a fresh sandbox mailbox of `provider`, connected from
 * /integrations/email and with its first sync initialised. Returns the mailbox address.
 */
export async function signUpAndConnect(page: Page, provider: SandboxProvider): Promise<string> {
  const address = uniqueMailbox(provider);
  await createSandboxMailbox(page.request, address, provider);
  await signUpThroughUi(page);
  await page.goto('/integrations/email');
  await connectMailbox(page, provider, address);
  await expect(toast(page, 'Sync Configuration Initialized')).toBeVisible({ timeout: 30_000 });
  return address;
}

/** The integration card of one mailbox. */
export function card(page: Page, address: string) {
  return page.getByTestId('integration-card').filter({ hasText: address });
}

/** A toast with this title (and, when given, this description). */
export function toast(page: Page, title: string, description?: string | RegExp) {
  const item = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return description ? item.filter({ hasText: description }) : item;
}
