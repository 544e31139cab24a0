import { expect, type Locator, type Page } from '@playwright/test';
import {
  connectSandboxMailbox,
  deliverSandboxMessage,
  type SandboxMessage,
  uniqueMailbox,
} from './connect-sandbox';
import { signUpThroughUi } from './fixtures';

export const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots';

/** The list rows, the open-thread pane and its emails. */
export const rows = (page: Page) => page.getByTestId('thread-row');
export const detail = (page: Page) => page.getByRole('region', { name: 'Thread detail' });
export const emailRows = (page: Page) => page.getByTestId('email-row');
export const openButton = (page: Page, index: number) => rows(page).nth(index).locator('[data-row-index]');

/**
 * Clicks one of a row's hover actions. They show while the pointer is over the row: hover again if a re-render
 * (a sync landing, the list settling) moved the row away from under it before the click. The pointer leaves
 * first: a row element remounted under a pointer that does not move gets no pointerenter.
 */
export async function clickRowAction(row: Locator, action: string) {
  const page = row.page();
  await expect(async () => {
    await page.mouse.move(0, 0);
    await row.hover();
    await row.getByRole('button', { name: action }).click({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

type MailboxSetup = {
  provider?: 'office365' | 'gmail';
  /** Generated mail in the new mailbox (the sandbox's own threads). */
  messages?: number;
  /** Mail delivered before the first sync (each its own thread unless it replies). */
  deliver?: Omit<SandboxMessage, 'mailbox'>[];
  /** False creates the mailbox without an Archive folder. */
  archiveFolder?: boolean;
};

/** A new user with a freshly synced sandbox mailbox, on the triage inbox. */
export async function signUpWithMailbox(page: Page, setup: MailboxSetup = {}) {
  await signUpThroughUi(page);
  const address = uniqueMailbox();
  const hasDeliveries = (setup.deliver?.length ?? 0) > 0;
  const messages = setup.messages ?? (hasDeliveries ? 0 : 30);
  const created = await page.request.post('/sandbox/control/mailboxes', {
    data: { address, provider: setup.provider ?? 'office365', messages, archiveFolder: setup.archiveFolder },
  });
  expect(created.status(), await created.text()).toBe(201);
  for (const message of setup.deliver ?? [])
    await deliverSandboxMessage(page, { ...message, mailbox: address });
  const { integrationId } = await connectSandboxMailbox(page, { address, provider: setup.provider });
  await page.goto('/triage/personal/inbox');
  await expect(rows(page).first()).toBeVisible();
  return { address, integrationId };
}

/** A simple message from a client, each in its own thread. */
export function clientMessage(
  subject: string,
  text = `Hello, about ${subject}.`,
): Omit<SandboxMessage, 'mailbox'> {
  return { from: 'Dana Client <dana@client.test>', to: ['me@firm.test'], subject, text };
}
