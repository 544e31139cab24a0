import { expect, test } from '../support/fixtures';
import { rows, SHOTS_DIR, signUpWithMailbox } from '../support/triage-page';

// Decision 012 (decision 015): a thread knows its client ("Northgate Dental · Priya Natarajan"), the client chip
// narrows the list to that organisation's mail, and a thread filed to a work item shows on the Work screen.

test('set a client, filter by it, and file the thread to work', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const fromPriya = `Q3 VAT figures ${suffix}`;
  const fromTom = `Payroll changes ${suffix}`;
  const other = `Lunch on Friday ${suffix}`;
  await signUpWithMailbox(page, {
    deliver: [
      {
        from: 'Priya Natarajan <priya@northgate-dental.test>',
        to: ['me@firm.test'],
        subject: fromPriya,
        text: 'Attached.',
      },
      {
        from: 'Tom Reed <tom@northgate-dental.test>',
        to: ['me@firm.test'],
        subject: fromTom,
        text: 'Two starters.',
      },
      { from: 'Alex <alex@elsewhere.test>', to: ['me@firm.test'], subject: other, text: 'Noon?' },
    ],
  });
  const row = (subject: string) => rows(page).filter({ hasText: subject });

  await row(fromPriya).locator('[data-row-index]').click();
  const client = page.getByTestId('thread-client');
  await client.getByRole('button', { name: 'Set client…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set client' });
  await expect(dialog.getByLabel('Organisation')).toHaveValue('Northgate Dental');
  await expect(dialog.getByLabel('Contact name')).toHaveValue('Priya Natarajan');
  await expect(dialog.getByLabel('Everyone writing from @northgate-dental.test')).toBeChecked();
  await page.screenshot({ path: `${SHOTS_DIR}/client-dialog.png` });
  await dialog.getByRole('button', { name: 'Save client' }).click();
  await expect(client).toContainText('Northgate Dental · Priya Natarajan');

  // Tom writes from the same domain: his thread knows the organisation too.
  await row(fromTom).locator('[data-row-index]').click();
  await expect(page.getByTestId('thread-client')).toContainText('Northgate Dental');

  // The client chip narrows the list to the organisation's mail.
  await page.getByTestId('thread-client').getByRole('button', { name: 'Filter by client' }).click();
  await expect(page.getByText('client: Northgate Dental')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(row(other)).toHaveCount(0);

  // Add to work: the Work screen shows the thread on its card.
  await row(fromPriya).locator('[data-row-index]').click();
  const work = page.getByTestId('thread-work');
  await work.getByLabel('Work item').selectOption({ label: 'Harper & Lowe LLP — Partnership tax returns' });
  await work.getByRole('button', { name: 'Add to work' }).click();
  await expect(work.getByRole('list', { name: 'Filed to work' })).toContainText('Harper & Lowe LLP');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS_DIR}/thread-client-work-1280.png` });
  await page.goto('/work/wi-1045');
  await expect(
    page.getByRole('list', { name: 'Threads of Harper & Lowe LLP — Partnership tax returns' }),
  ).toContainText(fromPriya);
  await page.screenshot({ path: `${SHOTS_DIR}/work-item-threads-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS_DIR}/work-item-threads-375.png`, fullPage: true });
});
