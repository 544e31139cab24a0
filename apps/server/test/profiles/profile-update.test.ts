import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from '@ledgerdesk/domain/auth/account-changes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_IN_USE } from '../../src/features/profiles/change-sign-in-email';
import { CAPACITY_HOURS_MESSAGE } from '../../src/features/profiles/parse-profile-update';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

const PASSWORD = 'ledger-desk-42';
const FULL_SAVE = {
  fullName: 'Morgan Ellis',
  email: 'morgan.ellis@firm.test',
  jobTitle: 'Senior Accountant',
  handle: '@morgan',
  capacityHours: 37,
  notificationSettings: { email: true, push: false, mentions: true },
};

describe.each(testDatabaseKinds)('profile updates (%s)', (kind) => {
  let t: TestApp;
  let morgan: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    morgan = await signUp(t.app, 'morgan@firm.test');
    await signUp(t.app, 'taken@firm.test');
  });
  afterAll(async () => t.close());

  const patch = (payload: unknown, cookie = morgan.cookie) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const profile = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: morgan.cookie } })).json()
      .profile;

  it('starts from the spec defaults', async () => {
    expect(await profile()).toMatchObject({
      email: 'morgan@firm.test',
      fullName: null,
      capacityHours: 40,
      notificationSettings: { email: true, push: true, mentions: true },
    });
  });

  it.each([[0], [81], ['abc'], [7.5], [null]])(
    'refuses capacity hours %j with a clear 400',
    async (value) => {
      const before = await profile();
      const response = await patch({ ...FULL_SAVE, capacityHours: value });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(CAPACITY_HOURS_MESSAGE);
      expect(await profile()).toEqual(before);
    },
  );

  it.each([
    ['fullName', 'Full name must be at most 200 characters.'],
    ['jobTitle', 'Job title must be at most 200 characters.'],
    ['handle', 'Handle must be at most 200 characters.'],
  ])('refuses an overlong %s and writes none of the other fields', async (field, message) => {
    const before = await profile();
    const response = await patch({ ...FULL_SAVE, [field]: 'x'.repeat(201) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(await profile()).toEqual(before);
  });

  it('refuses an unknown field, and an incomplete set of notification toggles', async () => {
    const unknown = await patch({ fullName: 'Sneaky', avatarUrl: 'https://evil.test/x.png' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Unknown field: avatarUrl.');
    const toggles = await patch({ notificationSettings: { email: false } });
    expect(toggles.statusCode).toBe(400);
    expect((await profile()).fullName).toBeNull();
  });

  it('refuses an invalid or empty email with the sign-up wording', async () => {
    const invalid = await patch({ ...FULL_SAVE, email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('email: Please enter a valid email address');
    const empty = await patch({ email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('email: Email is required');
    expect((await profile()).email).toBe('morgan@firm.test');
  });

  it('refuses (409) an email another account signs in with, changing nothing', async () => {
    const before = await profile();
    const response = await patch({ ...FULL_SAVE, email: 'Taken@Firm.test', currentPassword: PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(EMAIL_IN_USE);
    expect(await profile()).toEqual(before);
  });

  it('moves the sign-in email only with the current password', async () => {
    const before = await profile();
    const without = await patch({ email: 'morgan.hijacked@firm.test' });
    expect(without.statusCode).toBe(400);
    expect(without.json().error.message).toBe(CURRENT_PASSWORD_REQUIRED);
    const wrong = await patch({ email: 'morgan.hijacked@firm.test', currentPassword: 'not-my-password-1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(CURRENT_PASSWORD_WRONG);
    expect(await profile()).toEqual(before);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'morgan.hijacked@firm.test', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('saves a full profile, and the new email becomes the sign-in email', async () => {
    const response = await patch({ ...FULL_SAVE, currentPassword: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().signInEmail).toBe('updated');
    expect(response.json().profile).toMatchObject(FULL_SAVE);
    expect(await profile()).toMatchObject(FULL_SAVE);

    const oldSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'morgan@firm.test', password: 'ledger-desk-42' },
    });
    expect(oldSignIn.statusCode).toBe(401);
    const newSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: FULL_SAVE.email, password: 'ledger-desk-42' },
    });
    expect(newSignIn.statusCode).toBe(200);
  });

  it('undoes the sign-in email change when the profile write then fails', async () => {
    const before = await profile();
    const db = t.app.db;
    const transaction = db.transaction.bind(db);
    // The profile write is the one transaction of this request; make it fail as a lost connection would.
    db.transaction = (async () => {
      throw new Error('connection lost');
    }) as typeof db.transaction;
    try {
      const response = await patch({
        ...FULL_SAVE,
        email: 'morgan.new@firm.test',
        currentPassword: PASSWORD,
      });
      expect(response.statusCode).toBe(500);
    } finally {
      db.transaction = transaction;
    }
    expect(await profile()).toEqual(before);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: FULL_SAVE.email, password: 'ledger-desk-42' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('applies a partial update and stores emptied text as null', async () => {
    const response = await patch({ jobTitle: '  Tax Manager  ', handle: '' });
    expect(response.statusCode).toBe(200);
    expect(await profile()).toMatchObject({
      ...FULL_SAVE,
      jobTitle: 'Tax Manager',
      handle: null,
    });
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: '/api/profile', payload: { fullName: 'X' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('You must be logged in to update your profile.');
  });
});
