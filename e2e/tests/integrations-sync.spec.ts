import { checkAccessibility, expect, signUpThroughUi, test } from '../support/fixtures';
import { sandboxControl, signUpAndConnect, toast } from './integrations-support';

test.describe('Triage: manual sync and the connection badge', () => {
  test('with no mailbox connected the sync button is disabled and says why', async ({
    page,
    consoleErrors,
  }) => {
    await signUpThroughUi(page);
    const badge = page.getByTestId('connection-badge');
    await expect(badge).toContainText('Not connected');
    const sync = page.getByTestId('manual-sync-button');
    await expect(sync).toBeDisabled();
    await expect(sync).toHaveText('Refresh All Folders');
    await sync.hover();
    await expect(page.getByRole('tooltip')).toHaveText('No active email integrations found');
    // aria-disabled, not disabled: it stays focusable and a click explains why nothing happens.
    await sync.click({ force: true });
    await expect(
      toast(
        page,
        'No Active Email Integrations',
        'Please connect an email account first in Email Settings to sync emails.',
      ),
    ).toBeVisible();
    await checkAccessibility(page);
    void consoleErrors;
  });

  test('Refresh All Folders migrates to notification sources, then picks up a new message', async ({
    page,
    consoleErrors,
  }) => {
    const address = await signUpAndConnect(page, 'office365');

    const subject = `Quarterly VAT return ${Date.now().toString(36)}`;
    await sandboxControl(page.request, '/messages', {
      mailbox: address,
      folder: 'inbox',
      from: 'Dana Client <dana@client.test>',
      to: [address],
      subject,
      text: 'Please find the figures attached.',
    });
    await page.goto('/triage/personal/inbox');
    const badge = page.getByTestId('connection-badge');
    await expect(badge).toContainText('Connected');
    await checkAccessibility(page);

    const sync = page.getByTestId('manual-sync-button');
    await sync.click();
    await expect(sync).toContainText('Migrating & 3-Folder Sync...');
    // With live updates the message may already be in (a Graph notification synced it): then the sync finds 0.
    await expect(toast(page, 'Email Sync Complete', /1 new|0 new|No new emails/)).toBeVisible({
      timeout: 90_000,
    });
    await expect(sync).toHaveText('Refresh All Folders');
    await expect(page.getByText(subject).first()).toBeVisible();

    const sources = await page.request.get('/api/notification-sources');
    expect((await sources.json()).sources).toEqual([
      expect.objectContaining({
        sourceName: address,
        priority: 8,
        syncIntervalMinutes: 1,
        offPeakIntervalMinutes: 3,
      }),
    ]);

    // The source it created can be paused and deleted on the Email Integration page.
    await page.goto('/integrations/email');
    await page.getByRole('switch', { name: `Sync ${address}` }).click();
    await expect(toast(page, 'Updated', `Syncing paused for ${address}.`)).toBeVisible();
    await expect(page.getByRole('switch', { name: `Sync ${address}` })).not.toBeChecked();
    await page.getByRole('button', { name: `Delete ${address}` }).click();
    await expect(toast(page, 'Deleted')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add sources for mailboxes' })).toBeVisible();
    await checkAccessibility(page);
    await page.goto('/triage/personal/inbox');

    // The second run migrates again (the source is gone) and finds nothing new.
    await sync.click();
    await expect(toast(page, 'Email Sync Complete', /0 new|No new emails/)).toBeVisible({ timeout: 90_000 });
    void consoleErrors;
  });
});
