import {
  FIRM_INVITATION_TTL_HOURS,
  FIRM_TEXTS,
  invitationForAnotherAccount,
  WRONG_ACCOUNT_CODE,
} from '@ledgerdesk/domain/api/firms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('firm invitations on %s', (kind) => {
  let t: TestApp;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  let owner: { cookie: string; userId: string; email: string };
  let counter = 0;

  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const newUser = () => signUp(t.app, `firm${++counter}-${Date.now()}@ledgerdesk.test`);
  const invite = async (email = 'someone@example.test') => {
    const response = await call(owner.cookie, 'POST', '/api/firm/invitations', { email });
    expect(response.statusCode).toBe(201);
    return new URL(response.json().link).searchParams.get('token') as string;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock });
    owner = await newUser();
    const created = await call(owner.cookie, 'POST', '/api/firm', { name: '  Northgate  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json().firm).toMatchObject({ name: 'Northgate', role: 'owner' });
  });
  afterAll(async () => t?.close());

  it('joins once; the same link is refused afterwards', async () => {
    const joiner = await newUser();
    const token = await invite(joiner.email);
    const joined = await call(joiner.cookie, 'POST', '/api/firm/invitations/accept', { token });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().firm).toMatchObject({ name: 'Northgate', role: 'member' });
    const again = await call((await newUser()).cookie, 'POST', '/api/firm/invitations/accept', { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(FIRM_TEXTS.invitationUsed);
    const members = (await call(owner.cookie, 'GET', '/api/firm')).json().firm.members;
    expect(members).toHaveLength(2);
  });

  it('refuses an expired link', async () => {
    const token = await invite();
    offsetMs = (FIRM_INVITATION_TTL_HOURS + 1) * 3_600_000;
    try {
      const late = await call((await newUser()).cookie, 'POST', '/api/firm/invitations/accept', { token });
      expect(late.statusCode).toBe(410);
      expect(late.json().error.message).toBe(FIRM_TEXTS.invitationExpired);
    } finally {
      offsetMs = 0;
    }
  });

  it('refuses an altered link and a user already in a firm', async () => {
    const token = await invite();
    const [body = '', signature = ''] = token.split('.');
    const forged = `${body.slice(0, -2)}AA.${signature}`;
    const refused = await call((await newUser()).cookie, 'POST', '/api/firm/invitations/accept', {
      token: forged,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(FIRM_TEXTS.invitationInvalid);
    const forOwner = await invite(owner.email);
    const inFirm = await call(owner.cookie, 'POST', '/api/firm/invitations/accept', { token: forOwner });
    expect(inFirm.statusCode).toBe(409);
    expect(inFirm.json().error.message).toBe(FIRM_TEXTS.alreadyInFirm);
    expect((await call(owner.cookie, 'POST', '/api/firm', { name: 'Second' })).statusCode).toBe(409);
  });

  it('lets only the owner rename, invite and remove; a member leaves', async () => {
    const member = await newUser();
    const token = await invite(member.email);
    await call(member.cookie, 'POST', '/api/firm/invitations/accept', { token });
    expect((await call(member.cookie, 'PATCH', '/api/firm', { name: 'Mine' })).statusCode).toBe(403);
    expect(
      (await call(member.cookie, 'POST', '/api/firm/invitations', { email: 'x@example.test' })).statusCode,
    ).toBe(403);
    expect((await call(member.cookie, 'DELETE', `/api/firm/members/${owner.userId}`)).statusCode).toBe(403);
    expect((await call(owner.cookie, 'PATCH', '/api/firm', { name: 'Northgate LLP' })).json().firm.name).toBe(
      'Northgate LLP',
    );
    expect((await call(owner.cookie, 'POST', '/api/firm/leave')).statusCode).toBe(409);
    expect((await call(member.cookie, 'POST', '/api/firm/leave')).statusCode).toBe(204);
    expect((await call(member.cookie, 'GET', '/api/firm')).json()).toEqual({ firm: null });
  });

  it('is for the invited address only: another account is told whose it is, the same address in any case joins', async () => {
    const invited = await newUser();
    const other = await newUser();
    const token = await invite(invited.email.toUpperCase());
    const preview = await call(other.cookie, 'POST', '/api/firm/invitations/preview', { token });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      firmName: 'Northgate LLP',
      email: invited.email,
      forYou: false,
      signedInAs: other.email,
    });
    const refused = await call(other.cookie, 'POST', '/api/firm/invitations/accept', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: WRONG_ACCOUNT_CODE,
      message: invitationForAnotherAccount(invited.email, other.email),
      details: { invitedEmail: invited.email, signedInEmail: other.email },
    });
    expect((await call(other.cookie, 'GET', '/api/firm')).json()).toEqual({ firm: null });
    // The refusal spends nothing: the invited address still joins, whatever the letter case it was sent with.
    const mine = await call(invited.cookie, 'POST', '/api/firm/invitations/preview', { token });
    expect(mine.json()).toMatchObject({ forYou: true });
    const joined = await call(invited.cookie, 'POST', '/api/firm/invitations/accept', { token });
    expect(joined.statusCode, joined.body).toBe(200);
    const used = await call(other.cookie, 'POST', '/api/firm/invitations/preview', { token });
    expect(used.statusCode).toBe(409);
    const garbage = await call(other.cookie, 'POST', '/api/firm/invitations/preview', { token: 'x.y' });
    expect(garbage.statusCode).toBe(400);
  });
});
