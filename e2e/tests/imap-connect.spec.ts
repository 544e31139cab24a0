import { IMAP_CONNECT_LABELS } from '@ledgerdesk/domain/api/imap-connect';
import { checkAccessibility, expect, signUpThroughUi, test } from '../support/fixtures';
import { IMAP_APP_URL, type ImapApp, startImapApp } from '../support/imap-app';
import { SHOTS_DIR } from '../support/triage-page';

// Decision 023: a user connects an IMAP/SMTP mailbox (a private Dovecot) on Email Integration: the form, Test
// connection's answer in words, Connect, the card, and mail delivered to the mailbox reaching triage after Sync.

let app: ImapApp | null = null;
let unavailable: string | null = null;

test.use({ baseURL: IMAP_APP_URL });
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(360_000);
  const started = await startImapApp();
  if ('unavailable' in started) unavailable = started.unavailable;
  else app = started;
});
test.afterAll(async () => app?.stop());

test('connects an IMAP mailbox, tests it in words, and its mail reaches triage', async ({ page }) => {
  test.skip(unavailable !== null, `Dovecot unavailable: ${unavailable}`);
  if (!app) throw new Error('The IMAP app did not start');
  const { dovecot } = app;
  const address = `pat.${Date.now().toString(36)}@example.test`;
  const password = `app-pw-${Date.now().toString(36)}`;
  await dovecot.addUser(address, password);

  await signUpThroughUi(page);
  await page.goto('/integrations/email');
  const card = page.getByTestId('imap-connect-card');
  await card.getByRole('button', { name: IMAP_CONNECT_LABELS.card }).click();
  await card.getByLabel('Email address').fill(address);
  await card.getByLabel('Password').fill(`${password}-typo`);
  await card.getByLabel('IMAP host').fill('localhost');
  await card.getByLabel('IMAP port').fill(String(dovecot.imapsPort));
  await card.getByLabel('IMAP security').selectOption('tls');
  await card.getByLabel('SMTP host').fill('localhost');
  await card.getByLabel('SMTP port').fill(String(dovecot.submissionPort));
  await card.getByLabel('SMTP security').selectOption('starttls');

  await card.getByRole('button', { name: IMAP_CONNECT_LABELS.test }).click();
  await expect(card.getByRole('alert')).toContainText('IMAP login failed: The IMAP server localhost refused');

  await card.getByLabel('Password').fill(password);
  await card.getByRole('button', { name: IMAP_CONNECT_LABELS.test }).click();
  await expect(card.getByRole('status')).toHaveText(
    'Connected. Inbox, Sent (Sent) and Archive (Archive) found.',
  );
  await checkAccessibility(page);
  await card.screenshot({ path: `${SHOTS_DIR}/imap-card-desktop.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(card.getByLabel('SMTP security')).toBeVisible();
  await card.evaluate((element) => new Promise((done) => requestAnimationFrame(() => done(element))));
  await page.screenshot({ path: `${SHOTS_DIR}/imap-card-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await card.getByRole('button', { name: IMAP_CONNECT_LABELS.connect, exact: true }).click();
  const connected = page.getByRole('listitem', { name: `IMAP ${address}` });
  await expect(connected).toBeVisible();
  await expect(connected).toContainText('IMAP · localhost');
  await expect(connected).toHaveAttribute('data-state', 'active', { timeout: 30_000 });
  await connected.screenshot({ path: `${SHOTS_DIR}/imap-integration-card.png` });

  const subject = `Invoice question ${Date.now().toString(36)}`;
  await dovecot.deliver(
    [
      'From: Client <client@example.test>',
      `To: ${address}`,
      `Subject: ${subject}`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <${Date.now().toString(36)}@client.test>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Could you look at the attached invoice?',
      '',
    ].join('\r\n'),
    address,
  );
  await page.goto('/triage/personal/inbox');
  await page.getByTestId('manual-sync-button').click();
  await expect(page.getByText(subject).first()).toBeVisible({ timeout: 30_000 });
});
