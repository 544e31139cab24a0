// Decision 012 item 1 (decision 013): the items that brought a shared thread to a colleague's own triage (an
// assignment, a mention) disappear when the colleague is removed, leaves, or the mailbox stops being shared, and
// their open streams are told at once.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectFreshMailbox } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { openEventStream } from '../support/event-stream';
import { insertTriageItems } from '../support/seed-triage';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read loosely by the assertions
type Json = Record<string, any>;
type Member = { cookie: string; userId: string; email: string };

describe.each(testDatabaseKinds)('pointer items of a member who loses the thread (%s)', (kind) => {
  let h: MailHarness;
  let port: number;
  let owner: Connected;
  const stamp = Date.now().toString(36);
  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    h.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const linkItems = async (cookie: string) =>
    ((await call(cookie, 'GET', '/api/triage/threads?view=inbox')).json().groups as Json[])
      .flatMap((group) => group.emails as Json[])
      .filter((item) => item.metadata?.link);

  /** A member of the firm holding an assignment and a mention of a fresh shared thread. */
  const memberWithPointers = async (name: string): Promise<{ member: Member; ids: string[] }> => {
    const member = await signUp(h.app, `${name}-${stamp}@ledgerdesk.test`);
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: member.email });
    const token = new URL(invited.json().link).searchParams.get('token');
    expect((await call(member.cookie, 'POST', '/api/firm/invitations/accept', { token })).statusCode).toBe(
      200,
    );
    const thread = `${name}-thread-${stamp}`;
    await insertTriageItems(h.app.db, owner.userId, [
      { subject: `Accounts for ${name}`, emailIntegrationId: owner.integrationId, emailThreadId: thread },
    ]);
    const handle = ((await call(owner.cookie, 'GET', '/api/firm')).json().firm.members as Json[]).find(
      (m) => m.userId === member.userId,
    )?.handle;
    const key = encodeURIComponent(thread);
    const assigned = await call(owner.cookie, 'POST', `/api/triage/threads/${key}/assignment`, {
      assigneeUserId: member.userId,
      comment: 'Confidential: the client owes 40,000',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const mentioned = await call(owner.cookie, 'POST', `/api/triage/threads/${key}/comments`, {
      body: `@${handle} please look at the VAT figures`,
    });
    expect(mentioned.statusCode, mentioned.body).toBe(201);
    const items = await linkItems(member.cookie);
    expect(items.map((item) => item.metadata.link.kind).sort()).toEqual(['assignment', 'mention']);
    return { member, ids: items.map((item) => item.id as string) };
  };

  /** The member's open stream, told of each item's deletion. */
  const expectDeletedLive = async (member: Member, ids: string[], act: () => Promise<void>) => {
    const stream = await openEventStream(port, member.cookie);
    try {
      await stream.waitFor(/: connected/);
      await act();
      for (const id of ids) await stream.waitFor(new RegExp(`"op":"DELETE","id":"${id}"`));
    } finally {
      stream.close();
    }
  };

  beforeAll(async () => {
    h = await createMailHarness(kind);
    owner = await connectFreshMailbox(h, 'office365', { messages: 0 });
    await call(owner.cookie, 'POST', '/api/firm', { name: 'Pointer Firm' });
    await call(owner.cookie, 'POST', '/api/firm/shared-mailboxes', { integrationId: owner.integrationId });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => h?.close());

  it('takes them away from a removed member, live', async () => {
    const { member, ids } = await memberWithPointers('removed');
    await expectDeletedLive(member, ids, async () => {
      expect((await call(owner.cookie, 'DELETE', `/api/firm/members/${member.userId}`)).statusCode).toBe(204);
    });
    expect(await linkItems(member.cookie)).toEqual([]);
  });

  it('takes them away from a member who leaves', async () => {
    const { member, ids } = await memberWithPointers('leaver');
    await expectDeletedLive(member, ids, async () => {
      expect((await call(member.cookie, 'POST', '/api/firm/leave')).statusCode).toBe(204);
    });
    expect(await linkItems(member.cookie)).toEqual([]);
  });

  it('takes them away from every member when the mailbox stops being shared; the owner keeps theirs', async () => {
    const { member, ids } = await memberWithPointers('unshared');
    // The owner's own pointer (assigned to themselves on their own shared thread) is theirs and stays.
    const own = `own-thread-${stamp}`;
    await insertTriageItems(h.app.db, owner.userId, [
      { subject: 'Own', emailIntegrationId: owner.integrationId, emailThreadId: own },
    ]);
    expect(
      (
        await call(owner.cookie, 'POST', `/api/triage/threads/${own}/assignment`, {
          assigneeUserId: owner.userId,
          clear: true,
        })
      ).statusCode,
    ).toBe(200);
    const ownersBefore = (await linkItems(owner.cookie)).length;
    expect(ownersBefore).toBeGreaterThan(0);
    await expectDeletedLive(member, ids, async () => {
      const unshared = await call(
        owner.cookie,
        'DELETE',
        `/api/firm/shared-mailboxes/${owner.integrationId}`,
      );
      expect(unshared.statusCode).toBe(200);
    });
    expect(await linkItems(member.cookie)).toEqual([]);
    expect((await call(member.cookie, 'GET', '/api/firm')).json().firm).not.toBeNull();
    expect((await linkItems(owner.cookie)).length).toBe(ownersBefore);
  });
});
