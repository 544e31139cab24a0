import { checkAccessibility, expect, test } from '../support/fixtures';
import { clientMessage, emailRows, openButton, SHOTS_DIR, signUpWithMailbox } from '../support/triage-page';

test.use({ viewport: { width: 1440, height: 900 } });

test('a saved reply is made on the profile and inserted in a reply with its placeholders filled', async ({
  page,
  consoleErrors,
}) => {
  await signUpWithMailbox(page, {
    deliver: [{ ...clientMessage('Bank statements'), from: 'Priya Natarajan <priya@northgate.test>' }],
  });

  await page.goto('/profile');
  await page.getByLabel('Full name').fill('Sam Lee');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page).toHaveURL(/tab=templates/);
  await expect(page.getByText('No templates yet')).toBeVisible();
  await page.getByRole('button', { name: 'New template' }).click();
  const form = page.getByRole('form', { name: 'New template' });
  await form.getByLabel('Name').fill('Doc request');
  await form.getByLabel('Body').fill('Hi {{first_name}},\nplease send the statements.\n{{my_name}}');
  await form.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByRole('list', { name: 'Templates' }).getByText('Doc request')).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/profile-templates.png` });

  // `;name` + Tab in a reply.
  await page.goto('/triage/personal/inbox');
  await openButton(page, 0).click();
  await expect(emailRows(page).first()).toBeVisible();
  await page.keyboard.press('r');
  const dialog = page.getByRole('dialog', { name: 'Compose Email' });
  const message = dialog.getByLabel('Message');
  await expect(message).toBeFocused();
  await message.pressSequentially(';doc');
  await expect(dialog.getByText('inserts “Doc request”')).toBeVisible();
  await checkAccessibility(page);
  await page.screenshot({ path: `${SHOTS_DIR}/compose-template-hint.png` });
  await message.press('Tab');
  await expect(message).toBeFocused();
  const body = await message.inputValue();
  expect(body.startsWith('Hi Priya,\nplease send the statements.\nSam Lee')).toBe(true);
  expect(body).toContain('wrote:');
  await expect(dialog.getByLabel('Subject')).toHaveValue('Re: Bank statements');

  // The menu inserts at the cursor too.
  await dialog.getByRole('button', { name: 'Templates' }).click();
  await page.getByRole('menuitem', { name: /Doc request/ }).click();
  expect((await message.inputValue()).match(/Hi Priya/g)?.length).toBe(2);
  void consoleErrors;
});
