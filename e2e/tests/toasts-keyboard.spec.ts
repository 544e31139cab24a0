import { expect, test } from '../support/fixtures';
import { expectVisibleFocus } from '../support/keyboard';
import { clientMessage, openButton, rows, signUpWithMailbox } from '../support/triage-page';

test.use({ viewport: { width: 1280, height: 800 } });

// sonner stacks toasts behind the front one and spreads them only under the mouse: a keyboard user tabbed onto
// buttons drawn behind another toast, or hidden past the third (WCAG 2.4.11). With focus inside, every toast is
// spread and holds still, and none expires while the user is there.
test('with keyboard focus in the toasts every toast is spread, uncovered and kept', async ({
  page,
  consoleErrors,
}) => {
  const subjects = ['Payroll one', 'Payroll two', 'Payroll three', 'Payroll four', 'Payroll five'];
  await signUpWithMailbox(page, { deliver: subjects.map((subject) => clientMessage(subject)) });
  await expect(rows(page)).toHaveCount(5);
  await openButton(page, 0).click();
  for (let cleared = 1; cleared <= 4; cleared += 1) {
    await page.keyboard.press('e');
    await expect(rows(page)).toHaveCount(5 - cleared);
  }
  const toasts = page.locator('[data-sonner-toast]');
  await expect(toasts).toHaveCount(4);

  // sonner's own shortcut to the notifications, then Tab through every button of every toast.
  await page.keyboard.press('Alt+t');
  await expect(page.locator('[data-sonner-toaster]')).toBeFocused();
  await expect(toasts.and(page.locator('[data-visible="true"][data-expanded="true"]'))).toHaveCount(4);
  // Each toast is a stop, then its close button and its Undo.
  const stops: string[] = [];
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press('Tab');
    stops.push(await expectVisibleFocus(page));
  }
  expect(stops.filter((stop) => stop.includes('"Undo"'))).toHaveLength(4);
  expect(stops.filter((stop) => stop.includes('"Close toast"'))).toHaveLength(4);
  // Kept past the undo window while the user is among them.
  await page.waitForTimeout(6000);
  await expect(toasts).toHaveCount(4);

  // The last stop is the last toast's Undo.
  await expect(page.locator(':focus')).toHaveText('Undo');
  await page.keyboard.press('Enter');
  await expect(rows(page)).toHaveCount(2);

  // Escape gives focus back to the page: the stack folds and the toasts run out again.
  await openButton(page, 0).focus();
  await page.keyboard.press('Alt+t');
  await expect(page.locator('[data-sonner-toaster]')).toBeFocused();
  await expect(toasts.and(page.locator('[data-expanded="true"]')).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(openButton(page, 0)).toBeFocused();
  await expect(toasts.and(page.locator('[data-expanded="true"]'))).toHaveCount(0);
  await expect(toasts).toHaveCount(0, { timeout: 15_000 });
  void consoleErrors;
});
