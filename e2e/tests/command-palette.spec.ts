import type { Page } from '@playwright/test';
import { checkAccessibility, expect, signUpThroughUi, test } from '../support/fixtures';
import { clientMessage, rows, SHOTS_DIR, signUpWithMailbox } from '../support/triage-page';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const combobox = (page: Page) => palette(page).getByRole('combobox', { name: 'Search commands' });
const options = (page: Page) => palette(page).getByRole('option');

/** The accessible names of the options in a labelled section of the palette's listbox. */
async function sectionNames(page: Page, section: string): Promise<string[]> {
  const group = palette(page)
    .getByRole('listbox', { name: 'Commands' })
    .getByRole('group', { name: section });
  return group
    .getByRole('option')
    .evaluateAll((nodes) => nodes.map((node) => (node.querySelector('span')?.textContent ?? '').trim()));
}

/** Ctrl+K, type, Enter: the palette's whole keyboard path, checking the combobox points at the chosen option. */
async function runFromPalette(page: Page, query: string, expected: string) {
  await page.keyboard.press('Control+k');
  await expect(combobox(page)).toBeFocused();
  await page.keyboard.type(query);
  const first = options(page).first();
  await expect(first).toHaveAccessibleName(expected);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(combobox(page)).toHaveAttribute(
    'aria-activedescendant',
    (await first.getAttribute('id')) ?? '',
  );
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the palette drives clear, navigation and compose by keyboard only, recent commands first', async ({
    page,
    consoleErrors,
  }) => {
    await signUpWithMailbox(page, {
      deliver: [clientMessage('Alpha accounts'), clientMessage('Bravo payroll')],
    });
    await expect(rows(page)).toHaveCount(2);
    // The cursor on the first thread, then focus on its row: the selection the palette acts on.
    await page.keyboard.press('j');
    await expect(rows(page).first()).toHaveAttribute('data-active', 'true');
    const cleared = ((await rows(page).first().textContent()) ?? '').includes('Alpha accounts')
      ? 'Alpha accounts'
      : 'Bravo payroll';

    // Opening: a modal combobox + listbox with labelled sections; Escape closes and focus comes back.
    await rows(page).first().locator('[data-row-index]').focus();
    await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeVisible();
    await expect(combobox(page)).toBeFocused();
    await expect(combobox(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(options(page).first()).toBeVisible();
    const listboxId = await combobox(page).getAttribute('aria-controls');
    await expect(palette(page).getByRole('listbox', { name: 'Commands' })).toHaveAttribute(
      'id',
      listboxId ?? '',
    );
    expect(await sectionNames(page, 'Selection')).toContain('Clear & Archive');
    expect(await sectionNames(page, 'Views')).toContain('Go to Later');
    expect(await sectionNames(page, 'Mail accounts')).toEqual([
      'Connect Gmail',
      'Connect Office 365',
      'Refresh All Folders',
    ]);
    await expect(palette(page).getByRole('option', { name: 'Clear & Archive' })).toHaveAttribute(
      'aria-keyshortcuts',
      'e',
    );
    await page.keyboard.press('ArrowDown');
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'false');
    await checkAccessibility(page);
    await page.screenshot({ path: `${SHOTS_DIR}/palette-desktop-open.png` });
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(rows(page).first().locator('[data-row-index]')).toBeFocused();

    // 1. Clear & Archive the selected thread.
    await runFromPalette(page, 'clear', 'Clear & Archive');
    await expect(rows(page).filter({ hasText: cleared })).toHaveCount(0);
    await expect(page.getByText('Email Archived', { exact: true })).toBeVisible();
    await expect(rows(page)).toHaveCount(1);

    // 2. Navigate to Later (fuzzy: "gtlat").
    await runFromPalette(page, 'gtlat', 'Go to Later');
    await expect(page).toHaveURL(/\/triage\/personal\/later$/);
    await expect(page.getByRole('heading', { name: 'Later', level: 1 })).toBeVisible();

    // 3. Open Compose; the dialog takes focus.
    await runFromPalette(page, 'compose', 'Compose');
    const compose = page.getByRole('dialog', { name: 'Compose Email' });
    await expect(compose).toBeVisible();
    await expect(compose.getByLabel('To')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(compose).toBeHidden();

    // Recent commands first, most recent first, remembered across a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Later', level: 1 })).toBeVisible();
    await page.keyboard.press('Control+k');
    await expect
      .poll(() => sectionNames(page, 'Recent'))
      .toEqual(['Compose', 'Go to Later', 'Clear & Archive']);
    await expect(options(page).first()).toHaveAccessibleName('Compose');

    // Nothing matches: said in words, the list collapses, still no violations.
    await page.keyboard.type('zzxq');
    await expect(palette(page).getByRole('status')).toHaveText('No commands match');
    await expect(options(page)).toHaveCount(0);
    await expect(combobox(page)).toHaveAttribute('aria-expanded', 'false');
    await checkAccessibility(page);
    await page.screenshot({ path: `${SHOTS_DIR}/palette-desktop-empty.png` });
    await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeHidden();
    void consoleErrors;
  });

  test('the ? overlay lists Ctrl K, and every shortcut it lists is a palette command', async ({
    page,
    consoleErrors,
  }) => {
    await signUpThroughUi(page);
    await expect(page.getByText('No items in Triage')).toBeVisible();
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    // The triage screen loads on demand; its keys listen once it has mounted.
    await expect(async () => {
      await page.keyboard.press('?');
      await expect(help).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(help.locator('dt', { hasText: 'Open command palette' })).toBeVisible();
    await expect(help.locator('dd', { hasText: 'Ctrl K' })).toBeVisible();
    const labels = await help.locator('dt').allTextContents();
    expect(labels.length).toBeGreaterThan(10);
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeVisible();
    const names = await options(page).evaluateAll((nodes) =>
      nodes.map((node) => (node.querySelector('span')?.textContent ?? '').trim()),
    );
    const missing = labels.filter((label) => label !== 'Open command palette' && !names.includes(label));
    expect(missing).toEqual([]);
    // The help command opens the same overlay.
    await page.keyboard.type('keyboard shortcuts');
    await page.keyboard.press('Enter');
    await expect(help).toBeVisible();
    void consoleErrors;
  });
});

test.describe('phone width, dark', () => {
  test.use({ viewport: { width: 375, height: 812 }, colorScheme: 'dark' });

  test('the palette fits a phone, navigates to a screen and starts connecting Gmail', async ({
    page,
    consoleErrors,
  }) => {
    await signUpThroughUi(page);
    await expect(page.getByText('No items in Triage')).toBeVisible();
    await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeVisible();
    await page.keyboard.type('templ');
    await expect(options(page).first()).toHaveAccessibleName('Go to Templates');
    await checkAccessibility(page);
    await page.screenshot({ path: `${SHOTS_DIR}/palette-phone.png` });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/profile\?tab=templates$/);

    const popup = page.waitForEvent('popup');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('connect gmail');
    await expect(options(page).first()).toHaveAccessibleName('Connect Gmail');
    await page.keyboard.press('Enter');
    const consent = await popup;
    await expect(consent).toHaveURL(/\/sandbox\//);
    await consent.close();
    void consoleErrors;
  });
});
