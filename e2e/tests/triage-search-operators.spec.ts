import { checkAccessibility, expect, test } from '../support/fixtures';
import { rows, SHOTS_DIR, signUpWithMailbox } from '../support/triage-page';

test.use({ viewport: { width: 1440, height: 900 } });

test('search operators narrow the list, are suggested while typing, and a bad value is explained', async ({
  page,
  consoleErrors,
}) => {
  await signUpWithMailbox(page, {
    deliver: [
      {
        from: 'Priya <priya@northgate.test>',
        to: ['me@firm.test'],
        subject: 'Payroll figures',
        text: 'Attached.',
      },
      {
        from: 'Priya <priya@northgate.test>',
        to: ['me@firm.test'],
        subject: 'Quarterly VAT',
        text: 'Read me.',
        isRead: true,
      },
      { from: 'Omar <omar@harbour.test>', to: ['me@firm.test'], subject: 'Quarterly VAT too', text: 'Hi.' },
    ],
  });
  await expect(rows(page)).toHaveCount(3);
  const search = page.getByRole('searchbox', { name: 'Search items' });

  // Typing the start of an operator offers it; Enter takes it.
  await search.fill('fr');
  const suggestions = page.getByRole('listbox', { name: 'Search operators' });
  await expect(suggestions.getByRole('option', { name: /from:/ })).toBeVisible();
  await checkAccessibility(page);
  await search.press('Enter');
  await expect(search).toHaveValue('from:');
  await search.pressSequentially('northgate');
  await expect(rows(page)).toHaveCount(2);

  await search.pressSequentially(' is:u');
  await expect(suggestions.getByRole('option', { name: /is:unread/ })).toBeVisible();
  await search.press('Enter');
  await expect(search).toHaveValue('from:northgate is:unread ');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Payroll figures');

  await search.fill('quarterly -from:northgate');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Quarterly VAT too');

  // A bad value says what is wrong under the box, and the list keeps the last good search.
  await search.fill('quarterly before:2026-13-01');
  await expect(
    page.getByText('before: needs a day written YYYY-MM-DD, e.g. before:2026-01-31.'),
  ).toBeVisible();
  await expect(search).toHaveAttribute('aria-invalid', 'true');
  await expect(rows(page)).toHaveCount(1);
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/search-operator-error.png` });

  await search.fill('in:cleared');
  await expect(page.getByText('No items found')).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  await search.fill('');
  await expect(rows(page)).toHaveCount(3);
  void consoleErrors;
});
