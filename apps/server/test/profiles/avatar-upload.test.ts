import fs from 'node:fs';
import path from 'node:path';
import { FILE_TOO_LARGE_TEXT, INVALID_FILE_TYPE_TEXT } from '@ledgerdesk/domain/profile/avatar-file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';
import { avatarFile, JPEG_BYTES, multipartBody, PNG_1X1 } from './multipart';

describe.each(testDatabaseKinds)('avatar upload (%s)', (kind) => {
  let t: TestApp;
  let alice: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t.app, 'alice.avatar@firm.test');
    bob = await signUp(t.app, 'bob.avatar@firm.test');
  });
  afterAll(async () => t.close());

  const avatarDir = (userId: string) => path.join(t.app.env.DATA_DIR, 'storage', 'avatars', userId);
  const upload = (cookie: string, file: ReturnType<typeof avatarFile>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      headers: { ...file.headers, cookie },
      payload: file.payload,
    });
  const profileOf = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json().profile;

  it('refuses an image over 5 MB with the spec text and stores nothing', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(6 * 1024 * 1024)]);
    const response = await upload(bob.cookie, avatarFile(big));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(FILE_TOO_LARGE_TEXT);
    expect((await profileOf(bob.cookie)).avatarUrl).toBeNull();
    expect(fs.existsSync(avatarDir(bob.userId))).toBe(false);
  });

  it('accepts a PNG named .txt and declared as text: the bytes decide', async () => {
    const response = await upload(alice.cookie, avatarFile(PNG_1X1, 'notes.txt', 'text/plain'));
    expect(response.statusCode).toBe(200);
    const { avatarUrl } = response.json().profile;
    expect(avatarUrl).toMatch(new RegExp(`^/api/avatars/${alice.userId}/avatar\\.png\\?v=\\d+$`));
    expect(fs.readFileSync(path.join(avatarDir(alice.userId), 'avatar.png'))).toEqual(PNG_1X1);
  });

  it.each([
    ['a text file named .png', avatarFile('just some notes, not a picture', 'photo.png', 'image/png')],
    [
      'an SVG carrying a script',
      avatarFile(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
        'avatar.svg',
        'image/svg+xml',
      ),
    ],
    ['an empty file', avatarFile(Buffer.alloc(0), 'empty.png', 'image/png')],
    ['HTML declared as an image', avatarFile('<html><script>alert(1)</script></html>', 'a.gif', 'image/gif')],
  ])('refuses %s as an invalid file type and changes nothing', async (_name, file) => {
    const before = await profileOf(alice.cookie);
    const stored = fs.readFileSync(path.join(avatarDir(alice.userId), 'avatar.png'));
    const response = await upload(alice.cookie, file);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(INVALID_FILE_TYPE_TEXT);
    expect(await profileOf(alice.cookie)).toEqual(before);
    expect(fs.readdirSync(avatarDir(alice.userId))).toEqual(['avatar.png']);
    expect(fs.readFileSync(path.join(avatarDir(alice.userId), 'avatar.png'))).toEqual(stored);
  });

  it.each([
    [
      'two file parts named file',
      [
        { field: 'file', filename: 'a.png', contentType: 'image/png', body: PNG_1X1 },
        { field: 'file', filename: 'b.jpg', contentType: 'image/jpeg', body: JPEG_BYTES },
      ],
    ],
    [
      'a file part, a field, then another file part',
      [
        { field: 'file', filename: 'a.png', contentType: 'image/png', body: PNG_1X1 },
        { field: 'note', body: 'hello' },
        { field: 'other', filename: 'b.jpg', contentType: 'image/jpeg', body: JPEG_BYTES },
      ],
    ],
  ])('refuses %s with "Please upload one image at a time." and changes nothing', async (_name, parts) => {
    const before = await profileOf(alice.cookie);
    const stored = fs.readdirSync(avatarDir(alice.userId));
    const response = await upload(alice.cookie, multipartBody(parts));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Please upload one image at a time.');
    expect(await profileOf(alice.cookie)).toEqual(before);
    expect(fs.readdirSync(avatarDir(alice.userId))).toEqual(stored);
  });

  it('refuses a request without a file field', async () => {
    const noFile = multipartBody([{ field: 'note', body: 'hello' }]);
    expect((await upload(alice.cookie, noFile)).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      headers: { cookie: alice.cookie },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('overwrites the previous picture, removes one under another extension, and busts the URL', async () => {
    const first = (await profileOf(alice.cookie)).avatarUrl as string;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await upload(alice.cookie, avatarFile(PNG_1X1));
    const second = again.json().profile.avatarUrl as string;
    expect(second.split('?')[0]).toBe(first.split('?')[0]);
    expect(second).not.toBe(first);

    const asJpeg = await upload(alice.cookie, avatarFile(JPEG_BYTES, 'me.png', 'image/png'));
    expect(asJpeg.statusCode).toBe(200);
    expect(asJpeg.json().profile.avatarUrl).toMatch(/\/avatar\.jpg\?v=\d+$/);
    expect(fs.readdirSync(avatarDir(alice.userId))).toEqual(['avatar.jpg']);
  });

  it('serves the picture to any signed-in user with its type, nosniff and a long cache', async () => {
    const url = (await profileOf(alice.cookie)).avatarUrl as string;
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: bob.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload).toEqual(JPEG_BYTES);
    const signedOut = await t.app.inject({ method: 'GET', url });
    expect(signedOut.statusCode).toBe(401);
  });

  it('answers 404 for a missing picture and for any path outside avatar.{ext} of a user id', async () => {
    const paths = [
      `/api/avatars/${bob.userId}/avatar.png`,
      `/api/avatars/${alice.userId}/avatar.svg`,
      `/api/avatars/${alice.userId}/..%2F..%2Fauth-secret`,
      `/api/avatars/..%2F${alice.userId}/avatar.jpg`,
      `/api/avatars/${alice.userId}%2F..%2F${alice.userId}/avatar.jpg`,
      '/api/avatars/not-a-user/avatar.jpg',
    ];
    for (const url of paths) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: bob.cookie } });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it("cannot write another user's picture: uploads always land in the uploader's own folder", async () => {
    const bobBefore = await profileOf(bob.cookie);
    const sneaky = multipartBody([
      { field: 'userId', body: alice.userId },
      { field: 'file', filename: `../${alice.userId}/avatar.png`, contentType: 'image/png', body: PNG_1X1 },
    ]);
    const response = await upload(bob.cookie, sneaky);
    // The extra field is ignored or refused; either way Alice's folder is untouched.
    expect([200, 400]).toContain(response.statusCode);
    expect(fs.readdirSync(avatarDir(alice.userId))).toEqual(['avatar.jpg']);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const direct = await t.app.inject({
        method,
        url: `/api/avatars/${alice.userId}/avatar.jpg`,
        headers: { ...sneaky.headers, cookie: bob.cookie },
        payload: sneaky.payload,
      });
      expect(direct.statusCode, method).toBe(404);
    }
    expect(fs.readdirSync(avatarDir(alice.userId))).toEqual(['avatar.jpg']);
    if (response.statusCode === 200) {
      expect(response.json().profile.avatarUrl).toContain(`/api/avatars/${bob.userId}/`);
    } else {
      expect(await profileOf(bob.cookie)).toEqual(bobBefore);
    }
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      ...avatarFile(PNG_1X1),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('You must be logged in to upload a profile picture.');
  });
});
