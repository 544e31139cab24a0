import { checkAccessibility, expect, signUpThroughUi, test, uniqueEmail } from '../support/fixtures';

test('sign up lands on the triage inbox, then log out and back in', async ({ page, consoleErrors }) => {
  const { email, password } = await signUpThroughUi(page);
  await expect(page.getByText('Account created and logged in successfully!').first()).toBeVisible();
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL('**/auth');
  await expect(page.getByText('Signed out', { exact: true }).first()).toBeVisible();
  await checkAccessibility(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/triage/personal/inbox');
  await expect(page.getByText('Logged in successfully!').first()).toBeVisible();
  void consoleErrors;
});

test('a wrong password shows "Login failed" with the reason', async ({ page, consoleErrors }) => {
  const { email } = await signUpThroughUi(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL('**/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  void consoleErrors;
});

test('sign-up validates the email and password before calling the server', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('secret1');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters');
  await expect(page.getByText(`${'http://localhost'}`, { exact: false }).first()).toBeVisible();
  void consoleErrors;
});

test('an unknown path shows the 404 page with a link home', async ({ page, consoleErrors }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');
  await checkAccessibility(page);
  void consoleErrors;
});

test('a signed-out visit to /work lands on /auth', async ({ page, consoleErrors }) => {
  await page.goto('/work');
  await page.waitForURL('**/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  void consoleErrors;
});

test('/integrations/email?code=x is let through while signed out', async ({ page, consoleErrors }) => {
  await page.goto('/integrations/email?code=x&provider=gmail');
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/integrations\/email\?code=x/);
  void consoleErrors;
});

test('a signed-in visitor on /auth is sent to /triage', async ({ page, consoleErrors }) => {
  await signUpThroughUi(page);
  await page.goto('/auth');
  await page.waitForURL('**/triage/personal/inbox');
  void consoleErrors;
});

test('the sidebar collapses with Ctrl+b and stays collapsed after reload', async ({
  page,
  consoleErrors,
}) => {
  await signUpThroughUi(page);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.locator('body').click({ position: { x: 900, y: 400 } });
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeLessThan(60);
  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
  await checkAccessibility(page);
  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
  await expect
    .poll(async () => (await page.getByTestId('sidebar').boundingBox())?.width)
    .toBeGreaterThan(250);
  void consoleErrors;
});

test('at 375 px the navigation is a drawer that opens and closes', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpThroughUi(page);
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByTestId('sidebar-drawer');
  await expect(drawer).toBeVisible();
  expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(288);
  await checkAccessibility(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await drawer.getByRole('link', { name: 'Work' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/work$/);
  void consoleErrors;
});

const ROUTES: Array<[string, RegExp]> = [
  ['/', /\/triage\/personal\/inbox$/],
  ['/triage', /\/triage\/personal\/inbox$/],
  ['/triage/personal/inbox', /inbox$/],
  ['/triage/personal/later', /later$/],
  ['/triage/personal/low-priority', /low-priority$/],
  ['/triage/personal/scheduled', /scheduled$/],
  ['/triage/personal/sent', /sent$/],
  ['/triage/personal/cleared', /cleared$/],
  ['/triage/drafts', /drafts$/],
  ['/triage/shared/mbx-1', /mbx-1$/],
  ['/my-week', /my-week$/],
  ['/work', /work$/],
  ['/work/wi-1042', /wi-1042$/],
  ['/contacts', /contacts$/],
  ['/contacts/groups/g-1', /g-1$/],
  ['/contacts/c-harper-lowe', /c-harper-lowe$/],
  ['/intelligence', /intelligence$/],
  ['/insights', /insights$/],
  ['/time', /time$/],
  ['/integrations/email', /integrations\/email$/],
  ['/settings', /settings$/],
  ['/profile', /profile$/],
];

test('every route of the table renders without a console error', async ({ page, consoleErrors }) => {
  test.setTimeout(180_000);
  await signUpThroughUi(page);
  for (const [route, expected] of ROUTES) {
    await page.goto(route);
    await expect(page).toHaveURL(expected);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await checkAccessibility(page);
  }
  void consoleErrors;
});
