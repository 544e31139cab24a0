// Firm isolation (decision 012): a member sees the mailboxes shared with their firm and none of the owner's private
// ones, a member of another firm sees nothing, removal takes everything away, and two members acting on one
// shared thread leave one item with both actions applied in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectFreshMailbox, mailboxSummary, sync } from '../mail/support/mail-fixtures';
import { connectMailbox, createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read loosely by the assertions
type Json = Record<string, any>;

async function call(h: MailHarness, cookie: string, method: string, url: string, payload?: unknown) {
  return h.app.inject({
    method: method as 'GET',
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function threads(h: MailHarness, cookie: string, mailboxId?: string): Promise<Json> {
  const query = mailboxId ? `&mailboxId=${mailboxId}` : '';
  return (await call(h, cookie, 'GET', `/api/triage/threads?view=inbox&limit=100${query}`)).json();
}

/** The items in the user's own triage that point at someone else's thread (assignments, mentions). */
async function pointerItems(h: MailHarness, cookie: string): Promise<Json[]> {
  return ((await threads(h, cookie)).groups as Json[])
    .flatMap((group) => group.emails as Json[])
    .filter((item) => item.metadata?.link);
}

async function joinFirm(h: MailHarness, ownerCookie: string, email: string, cookie: string) {
  const invited = await call(h, ownerCookie, 'POST', '/api/firm/invitations', { email });
  expect(invited.statusCode).toBe(201);
  const token = new URL(invited.json().link).searchParams.get('token');
  const accepted = await call(h, cookie, 'POST', '/api/firm/invitations/accept', { token });
  expect(accepted.statusCode).toBe(200);
}

describe.each(testDatabaseKinds)('firm isolation on %s', (kind) => {
  let h: MailHarness;
  let owner: Connected;
  let privateMailboxId: string;
  let member: { cookie: string; userId: string; email: string };
  let secondMember: { cookie: string; userId: string; email: string };
  let outsider: Connected;
  let sharedItem: Json;

  beforeAll(async () => {
    h = await createMailHarness(kind);
    owner = await connectFreshMailbox(h, 'office365', { messages: 4 });
    await h.control('POST', '/messages', {
      mailbox: owner.address,
      from: 'Pat Client <pat@client.test>',
      to: [owner.address],
      subject: 'Shared inbox message',
      text: 'The whole firm may triage this.',
    });
    await sync(h, owner);
    // A second, private mailbox of the same owner.
    const privateAddress = `private-${Date.now()}@firm.test`;
    await h.control('POST', '/mailboxes', { address: privateAddress, provider: 'gmail', messages: 0 });
    privateMailboxId = await connectMailbox(h.app, owner.cookie, 'gmail', privateAddress);
    await h.control('POST', '/messages', {
      mailbox: privateAddress,
      from: 'Private Person <private@person.test>',
      to: [privateAddress],
      subject: 'Private message',
      text: 'Only the owner may read this.',
    });
    await sync(h, { ...owner, address: privateAddress, integrationId: privateMailboxId });

    expect(
      (await call(h, owner.cookie, 'POST', '/api/firm', { name: 'Northgate Accounting' })).statusCode,
    ).toBe(201);
    member = await signUp(h.app, `member-${Date.now()}@ledgerdesk.test`);
    secondMember = await signUp(h.app, `member2-${Date.now()}@ledgerdesk.test`);
    await joinFirm(h, owner.cookie, member.email, member.cookie);
    await joinFirm(h, owner.cookie, secondMember.email, secondMember.cookie);
    const shared = await call(h, owner.cookie, 'POST', '/api/firm/shared-mailboxes', {
      integrationId: owner.integrationId,
    });
    expect(shared.statusCode).toBe(200);
    outsider = await connectFreshMailbox(h, 'office365', { messages: 2 });
    await call(h, outsider.cookie, 'POST', '/api/firm', { name: 'Other Firm' });
    await call(h, outsider.cookie, 'POST', '/api/firm/shared-mailboxes', {
      integrationId: outsider.integrationId,
    });
  });
  afterAll(async () => h?.close());

  it('shows a member the shared mailbox and none of the owner’s private ones', async () => {
    const firm = (await call(h, member.cookie, 'GET', '/api/firm')).json().firm;
    expect(firm.role).toBe('member');
    expect(firm.sharedMailboxes.map((box: Json) => box.integrationId)).toEqual([owner.integrationId]);
    expect(firm.invitations).toEqual([]);
    const page = await threads(h, member.cookie, owner.integrationId);
    const subjects = page.groups.map((group: Json) => group.subject);
    expect(subjects).toContain('Shared inbox message');
    expect(page.total).toBeGreaterThan(0);
    sharedItem = page.groups.find((group: Json) => group.subject === 'Shared inbox message').latestEmail;
    expect((await threads(h, member.cookie, privateMailboxId)).groups).toEqual([]);
    // The member's own views stay personal: nothing of the firm there.
    expect((await threads(h, member.cookie)).groups).toEqual([]);
    const thread = await call(
      h,
      member.cookie,
      'GET',
      `/api/triage/threads/${encodeURIComponent(sharedItem.emailThreadId)}`,
    );
    expect(thread.statusCode).toBe(200);
    expect(JSON.stringify(thread.json())).not.toContain('Private message');
    // The owner's integrations (and their tokens) are not the member's to read.
    const integrations = (await call(h, member.cookie, 'GET', '/api/integrations')).json();
    expect(JSON.stringify(integrations)).not.toContain(owner.address);
  });

  it('lets a member of another firm read and change nothing of it', async () => {
    expect((await threads(h, outsider.cookie, owner.integrationId)).groups).toEqual([]);
    const patch = await call(h, outsider.cookie, 'PATCH', `/api/triage/items/${sharedItem.id}`, {
      isRead: true,
    });
    expect(patch.statusCode).toBe(404);
    const thread = await call(
      h,
      outsider.cookie,
      'GET',
      `/api/triage/threads/${encodeURIComponent(sharedItem.emailThreadId)}`,
    );
    expect(thread.statusCode).toBe(404);
    expect((await call(h, outsider.cookie, 'DELETE', `/api/firm/members/${member.userId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(h, outsider.cookie, 'PATCH', `/api/firm/members/${member.userId}`, { role: 'owner' }))
        .statusCode,
    ).toBe(404);
    // And the firm's members see nothing of the other firm's shared mailbox.
    expect((await threads(h, member.cookie, outsider.integrationId)).groups).toEqual([]);
    const memberPatch = await call(h, member.cookie, 'POST', '/api/firm/shared-mailboxes', {
      integrationId: outsider.integrationId,
    });
    expect(memberPatch.statusCode).toBe(404);
  });

  it('applies two members’ actions on one shared thread to one item, in order, and says who acted', async () => {
    const first = await call(h, member.cookie, 'PATCH', `/api/triage/items/${sharedItem.id}`, {
      isRead: true,
    });
    expect(first.statusCode).toBe(200);
    const second = await call(h, secondMember.cookie, 'POST', '/api/triage/items/bulk-update', {
      ids: [sharedItem.id],
      patch: { status: 'cleared' },
    });
    expect(second.statusCode).toBe(200);
    const thread = (
      await call(
        h,
        owner.cookie,
        'GET',
        `/api/triage/threads/${encodeURIComponent(sharedItem.emailThreadId)}`,
      )
    ).json().thread;
    const items = thread.items.filter((item: Json) => item.emailMessageId === sharedItem.emailMessageId);
    expect(items).toHaveLength(1);
    expect(items[0].isRead).toBe(true);
    expect(items[0].status).toBe('cleared');
    expect(items[0].metadata.shared_activity).toMatchObject({
      action: 'cleared',
      by_user_id: secondMember.userId,
    });
    // The mailbox itself was changed through the owner's connection: the message left the Inbox.
    const summary = await mailboxSummary(h, owner.address);
    expect(summary.folders.inbox.total).toBeGreaterThanOrEqual(0);
  });

  it('takes every shared view away once a member is removed', async () => {
    // An assignment and a mention bring the shared thread to the member's own triage, with its subject and the
    // internal comment; the removal takes both away (decision 013).
    const key = encodeURIComponent(sharedItem.emailThreadId);
    expect(
      (
        await call(h, owner.cookie, 'POST', `/api/triage/threads/${key}/assignment`, {
          assigneeUserId: member.userId,
          comment: 'Internal: fee dispute',
        })
      ).statusCode,
    ).toBe(200);
    const handle = ((await call(h, owner.cookie, 'GET', '/api/firm')).json().firm.members as Json[]).find(
      (m) => m.userId === member.userId,
    )?.handle;
    expect(
      (
        await call(h, owner.cookie, 'POST', `/api/triage/threads/${key}/comments`, {
          body: `@${handle} see this`,
        })
      ).statusCode,
    ).toBe(201);
    expect(await pointerItems(h, member.cookie)).toHaveLength(2);
    expect((await call(h, owner.cookie, 'DELETE', `/api/firm/members/${member.userId}`)).statusCode).toBe(
      204,
    );
    expect(await pointerItems(h, member.cookie)).toEqual([]);
    expect((await call(h, member.cookie, 'GET', '/api/firm')).json()).toEqual({ firm: null });
    expect((await threads(h, member.cookie, owner.integrationId)).groups).toEqual([]);
    const patch = await call(h, member.cookie, 'PATCH', `/api/triage/items/${sharedItem.id}`, {
      isRead: false,
    });
    expect(patch.statusCode).toBe(404);
    const thread = await call(
      h,
      member.cookie,
      'GET',
      `/api/triage/threads/${encodeURIComponent(sharedItem.emailThreadId)}`,
    );
    expect(thread.statusCode).toBe(404);
  });

  it('takes an owner’s shares with them when they stop sharing', async () => {
    const key = encodeURIComponent(sharedItem.emailThreadId);
    expect(
      (
        await call(h, owner.cookie, 'POST', `/api/triage/threads/${key}/assignment`, {
          assigneeUserId: secondMember.userId,
        })
      ).statusCode,
    ).toBe(200);
    expect(await pointerItems(h, secondMember.cookie)).toHaveLength(1);
    const unshared = await call(
      h,
      owner.cookie,
      'DELETE',
      `/api/firm/shared-mailboxes/${owner.integrationId}`,
    );
    expect(unshared.statusCode).toBe(200);
    expect((await threads(h, secondMember.cookie, owner.integrationId)).groups).toEqual([]);
    expect(await pointerItems(h, secondMember.cookie)).toEqual([]);
  });

  it('lets only the invited address accept an invitation', async () => {
    const invited = await call(h, owner.cookie, 'POST', '/api/firm/invitations', {
      email: 'partner@elsewhere.test',
    });
    const token = new URL(invited.json().link).searchParams.get('token');
    const stranger = await signUp(h.app, `stranger-${Date.now()}@ledgerdesk.test`);
    const refused = await call(h, stranger.cookie, 'POST', '/api/firm/invitations/accept', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('partner@elsewhere.test');
    expect((await call(h, stranger.cookie, 'GET', '/api/firm')).json()).toEqual({ firm: null });
  });
});
