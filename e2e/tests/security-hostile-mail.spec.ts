// The security suite's browser part: every mail of the hostile corpus opened in the real UI in Chromium.
// A canary server on 127.0.0.1 counts every request that reaches it: none may before "Load remote images",
// and no script may run.
import http from 'node:http';
import {
  AFTER_CONSENT_MAIL,
  CANARY,
  HOSTILE_MAILS,
} from '../../apps/web/src/features/triage/thread/hostile-mail-corpus';
import { expect, test } from '../support/fixtures';
import { clientMessage, rows, signUpWithMailbox } from '../support/triage-page';

// Tall enough for the virtualised list to render every corpus mail at once.
test.use({ viewport: { width: 1440, height: 8000 } });
// Chromium reports a load the frame's CSP refused as a console error: the sanitizer alone must stop each one.
const cspRefusals = (errors: string[]) => errors.filter((text) => /Content Security Policy/i.test(text));

const canaryHits: string[] = [];
let canary: http.Server;

test.beforeAll(async () => {
  canary = http.createServer((request, response) => {
    canaryHits.push(String(request.url));
    response.writeHead(204).end();
  });
  const { port, hostname } = new URL(CANARY);
  await new Promise<void>((resolve) => canary.listen(Number(port), hostname, resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => canary.close(resolve));
});

test('no hostile mail runs a script or loads anything before the reader asks', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signUpWithMailbox(page, {
    deliver: HOSTILE_MAILS.map((mail, index) => ({
      ...clientMessage(`Hostile ${String(index).padStart(2, '0')} ${mail.name}`),
      html: `<p>Corpus mail ${index}</p>${mail.html}`,
    })),
  });
  await expect(rows(page)).toHaveCount(HOSTILE_MAILS.length);
  for (let index = 0; index < HOSTILE_MAILS.length; index += 1) {
    await rows(page).nth(index).locator('[data-row-index]').click();
    const frame = page.frameLocator('[data-testid="email-html-frame"]');
    await expect(frame.locator('body')).toContainText('Corpus mail');
  }
  await page.waitForTimeout(1500);
  const pwned = await Promise.all(
    page
      .frames()
      .map((frame) => frame.evaluate(() => (window as { __pwned?: unknown }).__pwned).catch(() => undefined)),
  );
  expect(pwned.filter((value) => value !== undefined)).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(canaryHits).toEqual([]);
  expect(cspRefusals(consoleErrors), 'loads only the frame CSP stopped').toEqual([]);
});

test('once the reader allows remote images, only images load: no font, stylesheet or SVG resource', async ({
  page,
  consoleErrors,
}) => {
  canaryHits.length = 0;
  await signUpWithMailbox(page, {
    deliver: [{ ...clientMessage('Remote images and more'), html: AFTER_CONSENT_MAIL.html }],
  });
  await rows(page).first().locator('[data-row-index]').click();
  const frame = page.frameLocator('[data-testid="email-html-frame"]');
  await expect(frame.locator('body')).toContainText('Consent mail');
  expect(canaryHits).toEqual([]);
  await page.getByRole('button', { name: 'Load remote images' }).click();
  await expect.poll(() => [...new Set(canaryHits)].sort()).toEqual([...AFTER_CONSENT_MAIL.images].sort());
  // Fonts load once text is laid out with them: wait until the frame has settled every font it wanted.
  await frame.locator('body').evaluate(async () => {
    await document.fonts.ready;
  });
  expect([...new Set(canaryHits)].sort()).toEqual([...AFTER_CONSENT_MAIL.images].sort());
  expect(cspRefusals(consoleErrors), 'loads only the frame CSP stopped').toEqual([]);
});
