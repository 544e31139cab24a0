import { deliverSandboxMessage, syncNow } from '../support/connect-sandbox';
import { checkAccessibility, expect, test } from '../support/fixtures';
import { clientMessage, detail, emailRows, rows, SHOTS_DIR, signUpWithMailbox } from '../support/triage-page';

test.use({ viewport: { width: 1440, height: 900 } });

const REMOTE_IMAGE = 'http://images.tracker.test/pixel.png?campaign=q4';

test('a remote image is not fetched until the reader asks for it', async ({ page, consoleErrors }) => {
  const imageRequests: string[] = [];
  await page.route('http://images.tracker.test/**', async (route) => {
    imageRequests.push(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#4f46e5"/></svg>',
    });
  });
  await signUpWithMailbox(page, {
    deliver: [
      {
        ...clientMessage('Newsletter with a tracking pixel'),
        html: `<p>Monthly update</p><img src="${REMOTE_IMAGE}" alt="Tracking pixel" width="40" height="20"><div style="background:url(http://images.tracker.test/bg.png)">Background</div>`,
      },
    ],
  });
  await rows(page).first().locator('[data-row-index]').click();
  const frame = page.frameLocator('[data-testid="email-html-frame"]');
  await expect(frame.getByText('Monthly update')).toBeVisible();
  await expect(detail(page).getByText('Remote images are hidden to protect your privacy.')).toBeVisible();
  await page.waitForTimeout(1000);
  expect(imageRequests).toEqual([]);
  await checkAccessibility(page);

  await detail(page).getByRole('button', { name: 'Load remote images' }).click();
  await expect.poll(() => imageRequests.some((url) => url === REMOTE_IMAGE)).toBe(true);
  await expect(frame.getByRole('img', { name: 'Tracking pixel' })).toBeVisible();
  // Links in the mail open in a new tab without an opener.
  void consoleErrors;
});

test('an email carrying scripts and event handlers runs nothing', async ({ page, consoleErrors }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const probes: string[] = [];
  await page.route('**/pwned/**', async (route) => {
    probes.push(route.request().url());
    await route.fulfill({ status: 204 });
  });
  const origin = 'http://localhost';
  const payload = [
    '<p>Please review the attached figures.</p>',
    `<script>window.top.__pwned = 'script'; alert('script'); fetch('/pwned/script');</script>`,
    `<img src="x" onerror="window.top.__pwned = 'onerror'; alert('onerror'); fetch('/pwned/onerror')">`,
    `<svg onload="window.top.__pwned = 'svg'"><circle r="4"></circle></svg>`,
    `<a id="js-link" href="javascript:window.top.__pwned='link'">Open portal</a>`,
    `<form action="/pwned/form"><input name="q" value="1"><button>Submit</button></form>`,
    `<iframe src="javascript:parent.__pwned='iframe'"></iframe>`,
    `<meta http-equiv="refresh" content="0;url=${origin}/pwned/refresh">`,
    `<base href="${origin}/pwned/base/">`,
    `<a href="https://portal.client.test/report" id="safe-link">Client portal</a>`,
  ].join('\n');
  await signUpWithMailbox(page, { deliver: [{ ...clientMessage('Figures for review'), html: payload }] });
  await rows(page).first().locator('[data-row-index]').click();
  const frameElement = page.locator('[data-testid="email-html-frame"]');
  const frame = page.frameLocator('[data-testid="email-html-frame"]');
  await expect(frame.getByText('Please review the attached figures.')).toBeVisible();
  await page.waitForTimeout(1500);

  expect(await frameElement.getAttribute('sandbox')).not.toContain('allow-scripts');
  expect(await frame.locator('script, form, input, iframe, meta[http-equiv="refresh"]').count()).toBe(0);
  expect(await frame.locator('[onerror], [onload]').count()).toBe(0);
  expect(await frame.locator('a#js-link').getAttribute('href')).toBeNull();
  await expect(frame.locator('a#safe-link')).toHaveAttribute('target', '_blank');
  await expect(frame.locator('a#safe-link')).toHaveAttribute('rel', 'noopener noreferrer');
  const csp = await frame.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain('https:');

  await frame.getByText('Open portal').click();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(probes).toEqual([]);
  expect(dialogs).toEqual([]);
  void consoleErrors;
});

test('a message delivered to the mailbox raises the new-items banner within 2 seconds', async ({
  page,
  consoleErrors,
}) => {
  const { address, integrationId } = await signUpWithMailbox(page, {
    deliver: [clientMessage('First request')],
  });
  await expect(rows(page)).toHaveCount(1);
  await deliverSandboxMessage(page, { ...clientMessage('Urgent: HMRC letter'), mailbox: address });
  await syncNow(page, integrationId);
  await expect(page.getByTestId('new-items-banner')).toBeVisible({ timeout: 2000 });
  await expect(page.getByTestId('new-items-banner')).toContainText('1 new item(s)');
  const floating = page.getByRole('button', { name: 'View 1 new triage item(s)' });
  await expect(floating).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/new-items.png` });
  await floating.click();
  await expect(rows(page)).toHaveCount(2);
  // Both messages may carry the same second (Graph's receivedDateTime has no milliseconds): order is not the point.
  await expect(rows(page).filter({ hasText: 'Urgent: HMRC letter' })).toHaveCount(1);
  await expect(page.getByTestId('new-items-banner')).toHaveCount(0);
  void consoleErrors;
});

test('search, type tabs and filter chips narrow the list', async ({ page, consoleErrors }) => {
  await signUpWithMailbox(page, {
    deliver: [
      clientMessage('Invoice 1042 overdue'),
      clientMessage('Invoice 1043 paid'),
      {
        from: 'Priya Shah <priya@harbour.test>',
        to: ['me@firm.test'],
        subject: 'Board pack',
        text: 'See attached.',
      },
    ],
  });
  await expect(rows(page)).toHaveCount(3);
  const search = page.getByRole('searchbox', { name: 'Search items' });
  await expect(search).toHaveAttribute('placeholder', 'Search items...');
  await search.fill('invoice');
  await expect(rows(page)).toHaveCount(2);
  await search.fill('1043');
  await expect(rows(page)).toHaveCount(1);
  await search.fill('no such thing');
  await expect(page.getByText('No items found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters')).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/empty-search.png` });
  await search.fill('');
  await expect(rows(page)).toHaveCount(3);

  await page.getByRole('radio', { name: 'Mentions 2' }).click();
  await expect(page.getByText('No items found')).toBeVisible();
  await page.getByRole('radio', { name: 'Unread 4' }).click();
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole('radio', { name: 'All 6' }).click();

  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByText('Additional filters will be implemented here')).toBeVisible();
  await page.keyboard.press('Escape');

  await rows(page).filter({ hasText: 'Board pack' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Filter by sender: priya@harbour.test' }).click();
  await expect(page.getByText('sender: priya@harbour.test')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Remove filter sender: priya@harbour.test' }).click();
  await expect(rows(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByLabel('Value').fill('dana@client.test');
  await page.getByRole('button', { name: 'Add filter' }).last().click();
  await expect(page.getByText('sender: dana@client.test')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  void consoleErrors;
});

test('an email with attachments and many recipients shows them', async ({ page, consoleErrors }) => {
  await signUpWithMailbox(page, {
    deliver: [
      {
        from: 'Omar Reid <omar@client.test>',
        to: ['me@firm.test', 'ana@client.test'],
        cc: ['Lee Park <lee@client.test>'],
        subject: 'Signed engagement letter',
        text: 'Line one\nLine two\n\nRegards, Omar',
        attachments: [{ name: 'engagement-letter.pdf', size: 51_200 }],
      } as never,
    ],
  });
  await rows(page).first().locator('[data-row-index]').click();
  const email = emailRows(page).first();
  await expect(email.getByRole('img', { name: 'Has attachments' })).toBeVisible();
  await expect(email.getByText('Attachments (1)')).toBeVisible();
  await expect(email.getByText('engagement-letter.pdf')).toBeVisible();
  await expect(email.getByText('50 KB')).toBeVisible();
  await expect(email.getByText('Line one\nLine two', { exact: false })).toBeVisible();
  await expect(email.getByTestId('email-to')).toHaveText('To: Me & 2 other(s)');
  await email.getByRole('button', { name: '& 2 other(s)' }).click();
  await expect(email.getByTestId('recipients-box')).toContainText('CC');
  await expect(email.getByTestId('recipients-box')).toContainText('lee@client.test');
  await checkAccessibility(page);
  void consoleErrors;
});
