import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every journey: fails on console errors and runs axe-core on each page it checks, failing on any WCAG 2.2
 * AA violation.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    const unexpected = errors.filter((text) => !isExpectedConsoleError(text));
    expect(unexpected, 'console errors').toEqual([]);
  },
});

// Failed fetches the page itself handles (a 401 before sign-in, a deliberate 4xx) are logged by the browser
// as "Failed to load resource"; they are answers, not bugs.
function isExpectedConsoleError(text: string): boolean {
  return /Failed to load resource: the server responded with a status of (401|404|400|403|409|429)/.test(
    text,
  );
}

export { expect };

/** The WCAG 2.2 AA rule set: every axe rule tagged for levels A and AA of WCAG 2.0, 2.1 and 2.2. */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe-core with the WCAG 2.2 AA rules on the page as it is now; fails on any violation. */
export async function checkAccessibility(page: Page): Promise<void> {
  // A frame sandboxed without scripts (an untrusted HTML email) cannot run axe; its content is the sender's.
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_22_AA_TAGS)
    .exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])')
    // Toasts stack and fade (sonner hides the ones behind with opacity transitions); axe measures a toast
    // mid-animation against whatever shows through. The accessibility journey checks them with motion reduced.
    .exclude('[data-sonner-toaster]')
    .analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} (${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
    'WCAG 2.2 AA violations',
  ).toEqual([]);
}

let counter = 0;
/** A unique address per journey, so journeys never share an account. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@firm.test`;
}

/** Signs a new user up through the UI and waits for the triage inbox. */
export async function signUpThroughUi(
  page: Page,
  email = uniqueEmail(),
  password = 'ledger-desk-42',
): Promise<{ email: string; password: string }> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL('**/triage/personal/inbox');
  return { email, password };
}
