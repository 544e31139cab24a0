// Firm roles (decision 012): an owner makes a member an owner, or an owner a member; a firm always keeps an owner,
// and an owner may leave once another owner stays.
import { FIRM_TEXTS } from '@ledgerdesk/domain/api/firms';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('firm roles (%s)', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const users: Record<string, { cookie: string; userId: string; email: string }> = {};
  const call = (who: string, method: string, url: string, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: users[who]?.cookie ?? '' },
      ...(payload ? { payload } : {}),
    });
  const roleOf = async (who: string, userId: string) =>
    (await call(who, 'GET', '/api/firm'))
      .json()
      .firm?.members.find((member: { userId: string }) => member.userId === userId)?.role;

  beforeAll(async () => {
    ({ app, close } = await createTestApp(kind));
    for (const name of ['ada', 'ben', 'cy', 'dee'])
      users[name] = await signUp(app, `${name}-${Date.now()}@roles.test`);
    await call('ada', 'POST', '/api/firm', { name: 'Roles & Co' });
    for (const name of ['ben', 'cy']) {
      const invited = await call('ada', 'POST', '/api/firm/invitations', { email: users[name]?.email });
      const token = new URL(invited.json().link).searchParams.get('token');
      expect((await call(name, 'POST', '/api/firm/invitations/accept', { token })).statusCode).toBe(200);
    }
  });
  afterAll(async () => close?.());

  it('refuses members, strangers, unknown members and bad roles with clear answers', async () => {
    const ben = users.ben?.userId ?? '';
    const member = await call('cy', 'PATCH', `/api/firm/members/${ben}`, { role: 'owner' });
    expect(member.statusCode).toBe(403);
    expect(member.json().error.message).toBe(FIRM_TEXTS.ownerOnly);
    expect((await call('dee', 'PATCH', `/api/firm/members/${ben}`, { role: 'owner' })).statusCode).toBe(404);
    const stranger = await call('ada', 'PATCH', `/api/firm/members/${users.dee?.userId}`, { role: 'owner' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(FIRM_TEXTS.memberNotFound);
    expect((await call('ada', 'PATCH', `/api/firm/members/${ben}`, { role: 'admin' })).statusCode).toBe(400);
    expect((await call('ada', 'PATCH', `/api/firm/members/${ben}`, {})).statusCode).toBe(400);
    expect(await roleOf('ada', ben)).toBe('member');
  });

  it('keeps the last owner: no demotion, no leaving while members stay', async () => {
    const ada = users.ada?.userId ?? '';
    const demote = await call('ada', 'PATCH', `/api/firm/members/${ada}`, { role: 'member' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe(FIRM_TEXTS.lastOwner);
    const leave = await call('ada', 'POST', '/api/firm/leave');
    expect(leave.statusCode).toBe(409);
    expect(leave.json().error.message).toBe(FIRM_TEXTS.ownerCannotLeave);
  });

  it('hands ownership over: the new owner can act as owner and the old one may leave', async () => {
    const ben = users.ben?.userId ?? '';
    const promoted = await call('ada', 'PATCH', `/api/firm/members/${ben}`, { role: 'owner' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await roleOf('cy', ben)).toBe('owner');
    // Ben renames and invites now; Ada may leave, and the firm stays with Ben and Cy.
    expect((await call('ben', 'PATCH', '/api/firm', { name: 'Roles & Partners' })).statusCode).toBe(200);
    expect((await call('ada', 'POST', '/api/firm/leave')).statusCode).toBe(204);
    const firm = (await call('cy', 'GET', '/api/firm')).json().firm;
    expect(firm.name).toBe('Roles & Partners');
    expect(firm.members.map((member: { userId: string }) => member.userId).sort()).toEqual(
      [ben, users.cy?.userId].sort(),
    );
    // Ben, the only owner left, makes Cy an owner and steps down himself.
    const cy = users.cy?.userId ?? '';
    expect((await call('ben', 'PATCH', `/api/firm/members/${cy}`, { role: 'owner' })).statusCode).toBe(200);
    expect((await call('ben', 'PATCH', `/api/firm/members/${ben}`, { role: 'member' })).statusCode).toBe(200);
    expect(await roleOf('cy', ben)).toBe('member');
    expect((await call('ben', 'PATCH', '/api/firm', { name: 'Nope' })).statusCode).toBe(403);
  });
});
