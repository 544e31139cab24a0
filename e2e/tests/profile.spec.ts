import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { checkAccessibility, expect, signUpThroughUi, test, uniqueEmail } from '../support/fixtures';

/** A real size x size PNG in one colour, so the browser has something to decode and draw. */
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => [r, g, b][i % 3] ?? 0)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const sidebarProfileLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).locator('a[href="/profile"]');

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeVisible();
}

test('upload a profile picture and see it in the sidebar at once', async ({ page, consoleErrors }) => {
  await signUpThroughUi(page);
  await openProfile(page);
  await checkAccessibility(page);
  await page.getByLabel('Profile picture file').setInputFiles({
    name: 'portrait.txt',
    mimeType: 'image/png',
    buffer: solidPng(96, [79, 70, 229]),
  });
  await expect(page.getByText('Profile picture updated', { exact: true })).toBeVisible();
  await expect(page.getByText('Your profile picture has been successfully updated.')).toBeVisible();

  const sidebarImage = sidebarProfileLink(page).locator('img');
  await expect(sidebarImage).toHaveAttribute('src', /^\/api\/avatars\/[0-9a-f-]{36}\/avatar\.png\?v=\d+$/);
  await expect
    .poll(() => sidebarImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(96);
  const firstSrc = await sidebarImage.getAttribute('src');

  // A new picture keeps the address but changes ?v=, so the browser fetches it again.
  await page.getByLabel('Profile picture file').setInputFiles({
    name: 'portrait-2.png',
    mimeType: 'image/png',
    buffer: solidPng(64, [21, 128, 61]),
  });
  await expect(sidebarImage).not.toHaveAttribute('src', firstSrc ?? '');
  await expect
    .poll(() => sidebarImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(64);
  expect((await sidebarImage.getAttribute('src'))?.split('?')[0]).toBe(firstSrc?.split('?')[0]);
  void consoleErrors;
});

test('the browser refuses a non-image and a picture over 5 MB; the server refuses a disguised text file', async ({
  page,
  consoleErrors,
}) => {
  await signUpThroughUi(page);
  await openProfile(page);
  const input = page.getByLabel('Profile picture file');

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Invalid file type', { exact: true })).toBeVisible();
  await expect(page.getByText('Please select an image file.')).toBeVisible();

  const big = Buffer.concat([solidPng(8, [0, 0, 0]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByText('File too large', { exact: true })).toBeVisible();
  await expect(page.getByText('Please select an image smaller than 5MB.')).toBeVisible();

  await input.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture'),
  });
  await expect(page.getByText('Upload failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid file type - Please select an image file.')).toBeVisible();
  await expect(sidebarProfileLink(page).locator('img')).toHaveCount(0);
  void consoleErrors;
});

test('save the profile: toast, sidebar name and title at once, values kept after reload', async ({
  page,
  consoleErrors,
}) => {
  await signUpThroughUi(page);
  await openProfile(page);
  await expect(page.getByLabel('Handle')).toHaveAttribute('placeholder', '@username');

  await page.getByLabel('Full name').fill('Morgan Ellis');
  await page.getByLabel('Job title').fill('Senior Accountant');
  await page.getByLabel('Handle').fill('@morgan');
  const capacity = page.getByLabel('Capacity hours');
  await expect(capacity).toHaveAttribute('min', '1');
  await expect(capacity).toHaveAttribute('max', '80');
  await capacity.fill('');
  await capacity.blur();
  await expect(capacity).toHaveValue('40');
  await capacity.fill('37');
  await page.getByRole('switch', { name: 'Push notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Push notifications' })).toHaveAttribute(
    'aria-checked',
    'false',
  );

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible();
  await expect(page.getByTestId('sidebar-profile-name')).toHaveText('Morgan Ellis');
  await expect(sidebarProfileLink(page)).toContainText('Senior Accountant');
  await checkAccessibility(page);

  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Morgan Ellis');
  await expect(page.getByLabel('Job title')).toHaveValue('Senior Accountant');
  await expect(page.getByLabel('Handle')).toHaveValue('@morgan');
  await expect(page.getByLabel('Capacity hours')).toHaveValue('37');
  await expect(page.getByRole('switch', { name: 'Push notifications' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.getByRole('switch', { name: 'Email notifications' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  void consoleErrors;
});

test('a new email becomes the sign-in email; an address already in use is refused', async ({
  page,
  consoleErrors,
}) => {
  const { email: otherEmail } = await signUpThroughUi(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL('**/auth');
  const { password } = await signUpThroughUi(page);
  await openProfile(page);

  await page.getByRole('textbox', { name: 'Email' }).fill(otherEmail);
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Update Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('This email address is already used by another account.')).toBeVisible();

  const newEmail = uniqueEmail('moved');
  await page.getByRole('textbox', { name: 'Email' }).fill(newEmail);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL('**/auth');
  await page.getByLabel('Email').fill(newEmail);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/triage/personal/inbox');
  void consoleErrors;
});
