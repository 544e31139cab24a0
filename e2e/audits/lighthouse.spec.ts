import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { type AuditOutcome, LighthouseSession, type Preset } from '../support/lighthouse';
import { clientMessage, detail, openButton, signUpWithMailbox } from '../support/triage-page';

// Lighthouse's accessibility and best-practices categories on every screen (docs/accessibility.md), desktop and mobile
// presets: a cold load of each route (navigation mode), and the states a route reaches by interaction (the
// open thread, the compose, `?` and reset dialogs) as a timespan while getting there and a snapshot once there.
// Any score under 100 fails, with the failing audits listed.

const SAMPLE_SCREENS = [
  ['profile', '/profile'],
  ['rules', '/rules'],
  ['work', '/work'],
  ['contacts', '/contacts'],
  ['contact detail', '/contacts/c-priya-natarajan'],
  ['my week', '/my-week'],
  ['intelligence', '/intelligence'],
  ['404', '/no/such/page'],
] as const;

const DEBUGGING_PORTS: Record<Preset, number> = { desktop: 4046, mobile: 4047 };

for (const preset of ['desktop', 'mobile'] as const) {
  test(`every screen scores 100 for accessibility and best practices (${preset})`, async () => {
    const session = await LighthouseSession.open({
      preset,
      baseURL,
      userDataDir: path.join(os.tmpdir(), `ledgerdesk-lighthouse-${preset}-${process.pid}`),
      debuggingPort: DEBUGGING_PORTS[preset],
    });
    const { page } = session;
    const outcomes: AuditOutcome[] = [];
    try {
      outcomes.push(await session.navigate('auth', '/auth'));

      await signUpWithMailbox(page, { messages: 12, deliver: [clientMessage('Year-end accounts')] });
      outcomes.push(await session.navigate('triage', '/triage/personal/inbox'));
      outcomes.push(
        await session.timespan('triage, thread open', async () => {
          await openButton(page, 0).click();
          await expect(detail(page).getByTestId('email-row').first()).toBeVisible();
        }),
      );
      outcomes.push(await session.snapshot('triage, thread open'));
      await page.keyboard.press('Escape');
      await page.locator('body').focus();

      await page.keyboard.press('c');
      await expect(page.getByRole('dialog', { name: 'Compose Email' })).toBeVisible();
      outcomes.push(await session.snapshot('compose dialog'));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      outcomes.push(await session.snapshot('? overlay'));
      await page.keyboard.press('Escape');

      outcomes.push(await session.navigate('integrations', '/integrations/email'));
      outcomes.push(
        await session.timespan('reset dialog', async () => {
          await page.getByRole('button', { name: 'Enhanced Reset to Exchange' }).click();
          await expect(
            page.getByRole('dialog', { name: 'Choose Your Action: Cancel or Reset Everything' }),
          ).toBeVisible();
        }),
      );
      outcomes.push(await session.snapshot('reset dialog'));
      await page.keyboard.press('Escape');

      outcomes.push(await session.navigate('firm, none yet', '/firm'));
      outcomes.push(
        await session.timespan('firm, invitation', async () => {
          await page.getByLabel('Firm name').fill('Northgate Accounting');
          await page.getByRole('button', { name: 'Create firm' }).click();
          await expect(page.getByRole('heading', { level: 1, name: 'Northgate Accounting' })).toBeVisible();
          await page.getByLabel('Email', { exact: true }).fill('sam@northgate.test');
          await page.getByRole('button', { name: 'Create invitation link' }).click();
          await expect(page.getByLabel('Invitation link')).toBeVisible();
        }),
      );
      outcomes.push(await session.snapshot('firm, invitation'));

      for (const [screen, route] of SAMPLE_SCREENS) outcomes.push(await session.navigate(screen, route));
    } finally {
      await session.close();
    }

    printScores(outcomes);
    const below100 = outcomes.flatMap((outcome) =>
      Object.entries(outcome.scores)
        .filter(([, score]) => score !== null && score < 1)
        .map(
          ([category, score]) =>
            `${outcome.screen} (${outcome.mode}) ${category} ${Math.round((score ?? 0) * 100)}: ${outcome.failures[category]?.join('; ')}`,
        ),
    );
    expect(below100, 'screens scoring under 100').toEqual([]);
  });
}

function printScores(outcomes: AuditOutcome[]): void {
  const percent = (score: number | null | undefined) =>
    score === null || score === undefined ? '  –' : String(Math.round(score * 100)).padStart(3);
  const lines = outcomes.map(
    (outcome) =>
      `${outcome.preset.padEnd(8)}${outcome.screen.padEnd(22)}${outcome.mode.padEnd(11)}` +
      `a11y ${percent(outcome.scores.accessibility)}  best practices ${percent(outcome.scores['best-practices'])}`,
  );
  console.log(`\nLighthouse scores\n${lines.join('\n')}`);
}
