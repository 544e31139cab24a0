import { deliverSandboxMessage } from '../support/connect-sandbox';
import { expect, test } from '../support/fixtures';
import { clientMessage, rows, signUpWithMailbox } from '../support/triage-page';
import { card } from './integrations-support';

type Integrations = { integrations: Array<{ emailAddress: string; push: { state: string } }> };

test('a message delivered to the Office 365 mailbox reaches open triage within seconds, nothing pressed', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // Signs up, connects the Office 365 sandbox mailbox through its consent page, and opens triage.
  const { address } = await signUpWithMailbox(page, { deliver: [clientMessage('First request')] });
  // Live updates are set up at connect (Graph subscription through the validation handshake).
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get('/api/integrations')).json()) as Integrations;
        return body.integrations.find((item) => item.emailAddress === address)?.push.state;
      },
      { timeout: 30_000 },
    )
    .toBe('live');
  await page.goto('/triage/personal/inbox');
  await expect(rows(page).first()).toBeVisible();
  const before = await rows(page).count();
  const sentAt = Date.now();
  await deliverSandboxMessage(page, { ...clientMessage('Pushed: VAT query'), mailbox: address });
  // Spec: an insert raises the new-items banner; no sync button is pressed, no reload.
  await expect(page.getByTestId('new-items-banner')).toBeVisible({ timeout: 10_000 });
  const seconds = (Date.now() - sentAt) / 1000;
  test.info().annotations.push({ type: 'freshness', description: `${seconds.toFixed(1)} s` });
  await page.getByRole('button', { name: 'View 1 new triage item(s)' }).click();
  await expect(rows(page).filter({ hasText: 'Pushed: VAT query' })).toHaveCount(1);
  await expect(rows(page)).toHaveCount(before + 1);

  await page.goto('/integrations/email');
  await expect(card(page, address).getByTestId('live-updates')).toHaveText(
    /^Live updates · Last notification/,
  );
  void consoleErrors;
});
