import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { checkAccessibility, expect, signUpThroughUi, test, WCAG_22_AA_TAGS } from '../support/fixtures';
import { clientMessage, detail, openButton, rows, signUpWithMailbox } from '../support/triage-page';

// docs/accessibility.md: colour contrast in every state and reduced motion. States (hover, selected, toasts, disabled
// buttons) are drawn from the design tokens, so the token pairs are measured in the built CSS, in both themes;
// then axe looks at real toasts (motion reduced, so none is caught mid-fade) and at screens in the dark theme.

const TEXT = ['fg', 'muted', 'subtle', 'accent', 'danger', 'success', 'warning'];
const SURFACES = ['bg', 'surface', 'surface-2', 'hover', 'accent-soft', 'danger-soft', 'success-soft'];
const FILLED = [
  ['accent-fg', 'accent'],
  ['danger-fg', 'danger'],
];

type Pair = { text: string; surface: string; ratio: number };

/** The contrast ratio of each token pair, as the page resolves the tokens. */
function measureTokens(page: Page, pairs: string[][]): Promise<Pair[]> {
  return page.evaluate((tokenPairs) => {
    const style = getComputedStyle(document.documentElement);
    const luminance = (hex: string) => {
      const channels = [1, 3, 5]
        .map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255)
        .map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
      return 0.2126 * (channels[0] ?? 0) + 0.7152 * (channels[1] ?? 0) + 0.0722 * (channels[2] ?? 0);
    };
    return tokenPairs.map(([text = '', surface = '']) => {
      const [a, b] = [text, surface].map((token) =>
        luminance(style.getPropertyValue(`--ld-${token}`).trim()),
      );
      const [light, dark] = [a ?? 0, b ?? 0].sort((x, y) => y - x);
      return { text, surface, ratio: ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05) };
    });
  }, pairs);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme} theme: text keeps 4.5:1 on every surface and the focus ring 3:1`, async ({
    page,
    consoleErrors,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/auth');
    const text = await measureTokens(page, [
      ...TEXT.flatMap((token) => SURFACES.map((surface) => [token, surface])),
      ...FILLED,
    ]);
    const ring = await measureTokens(
      page,
      SURFACES.map((surface) => ['ring', surface]),
    );
    expect(text.filter((pair) => pair.ratio < 4.5)).toEqual([]);
    expect(ring.filter((pair) => pair.ratio < 3)).toEqual([]);
    expect(text.length).toBe(TEXT.length * SURFACES.length + FILLED.length);
    void consoleErrors;
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme} theme: success and error toasts keep their contrast, with motion reduced`, async ({
    page,
    consoleErrors,
  }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    const checkToasts = async (label: string) => {
      const results = await new AxeBuilder({ page })
        .withTags(WCAG_22_AA_TAGS)
        .include('[data-sonner-toaster]')
        .analyze();
      expect(results.violations, label).toEqual([]);
      // The rule ran on the toasts themselves, not on an empty selection.
      expect(results.passes.map((rule) => rule.id)).toContain('color-contrast');
    };
    const { email } = await signUpThroughUi(page);
    await expect(page.getByText('Account created and logged in successfully!').first()).toBeVisible();
    await checkToasts('success toast');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Login failed').first()).toBeVisible();
    await checkToasts('error toast');
    void consoleErrors;
  });
}

test('reduced motion: animations and transitions are cut to nothing', async ({ page, consoleErrors }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signUpThroughUi(page);
  const durations = await page.getByTestId('sidebar').evaluate((sidebar) => {
    const style = getComputedStyle(sidebar);
    return { transition: style.transitionDuration, iterations: style.animationIterationCount };
  });
  expect(Number.parseFloat(durations.transition)).toBeLessThan(0.001);
  expect(durations.iterations).toBe('1');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const normal = await page.getByTestId('sidebar').evaluate((el) => getComputedStyle(el).transitionDuration);
  expect(Number.parseFloat(normal)).toBeGreaterThan(0.1);
  void consoleErrors;
});

test('dark theme, hover and selection: the triage screen has no WCAG 2.2 AA violation', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signUpWithMailbox(page, {
    deliver: [clientMessage('Payroll for November'), clientMessage('VAT return Q3')],
  });
  await openButton(page, 0).click();
  await expect(detail(page).getByTestId('email-row').first()).toBeVisible();
  // The open row is selected; the next one is pointed at (hover colours and its quick actions).
  await rows(page).nth(1).hover();
  await checkAccessibility(page);
  await page.getByRole('link', { name: 'Work' }).hover();
  await checkAccessibility(page);
  void consoleErrors;
});

test('the virtual list keeps the open thread in the accessibility tree when it is scrolled away', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1440, height: 700 });
  // Sixty threads: far more rows than the pane shows plus the virtualizer's overscan.
  const subjects = Array.from({ length: 60 }, (_, index) => `Client query ${index + 1}`);
  await signUpWithMailbox(page, { deliver: subjects.map((subject) => clientMessage(subject)) });
  await openButton(page, 0).click();
  const openRow = page
    .getByRole('list', { name: 'Threads' })
    .locator('[data-row-index="0"][aria-current="true"]');
  await expect(openRow).toHaveCount(1);
  const subject = (await detail(page).getByTestId('thread-subject').textContent()) ?? '';
  expect(subject).toMatch(/^Client query \d+$/);
  const scroller = page.getByTestId('thread-list-scroll');
  // Scrolled to the end (more pages load on the way), rows far above are unmounted: the list is virtual.
  await expect
    .poll(async () => {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      return page.locator('[data-row-index="3"]').count();
    })
    .toBe(0);
  // The open row is still there, named, for a screen reader (and for focus to come back to).
  await expect(openRow).toHaveCount(1);
  await expect(
    page.getByRole('list', { name: 'Threads' }).getByRole('button', { name: new RegExp(`${subject} —`) }),
  ).toBeAttached();
  void consoleErrors;
});
