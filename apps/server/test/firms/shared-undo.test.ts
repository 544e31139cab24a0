// A member acts on a mailbox shared with the firm (decision 012): the action is the owner's rows, but the member
// takes it back with Undo (one Undo for a bulk over their own and the shared items), and hears of a change the
// mailbox refuses. A colleague outside the firm, or a member after the mailbox is unshared, gets a 404.
import type { BulkUpdateResponse } from '@ledgerdesk/domain/api/triage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectFreshMailbox, sync } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('undo and refusals of a member acting on a shared mailbox (%s)', (kind) => {
  let h: MailHarness;
  let owner: Connected;
  let member: Connected;
  let noArchive: Connected;
  let outsider: { cookie: string; userId: string; email: string };
  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    h.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });

  const inboxIds = async (box: Connected, count: number) => {
    const items = (await storedItems(h.app, box.userId, box.integrationId)).filter(
      (item) => item.status === 'inbox' && item.emailMessageId,
    );
    expect(items.length).toBeGreaterThanOrEqual(count);
    return items.slice(0, count).map((item) => item.id);
  };
  const statusOf = async (box: Connected, ids: string[]) => {
    const byId = new Map(
      (await storedItems(h.app, box.userId, box.integrationId)).map((item) => [item.id, item]),
    );
    return ids.map((id) => byId.get(id)?.status);
  };
  const join = async (founder: Connected, who: { cookie: string; email: string }) => {
    const invited = await call(founder.cookie, 'POST', '/api/firm/invitations', { email: who.email });
    const token = new URL(invited.json().link).searchParams.get('token');
    expect((await call(who.cookie, 'POST', '/api/firm/invitations/accept', { token })).statusCode).toBe(200);
  };

  beforeAll(async () => {
    h = await createMailHarness(kind);
    owner = await connectFreshMailbox(h, 'office365', { messages: 30 });
    member = await connectFreshMailbox(h, 'gmail', { messages: 16 });
    noArchive = await connectFreshMailbox(h, 'office365', { messages: 16, archiveFolder: false });
    // The seeded mail is spread over the folders at random: each mailbox also gets inbox mail of its own, enough
    // for every test below (the owner's 3 + 1 + 1, the member's 2, the unarchivable mailbox's 2).
    for (const box of [owner, member, noArchive]) {
      for (let index = 1; index <= 6; index++) {
        await h.control('POST', '/messages', {
          mailbox: box.address,
          from: 'Pat Client <pat@client.test>',
          to: [box.address],
          subject: `Shared request ${index}`,
          text: `Request ${index}.`,
        });
      }
    }
    for (const box of [owner, member, noArchive]) await sync(h, box);
    outsider = await signUp(h.app, `undo-outsider-${Date.now()}@ledgerdesk.test`);
    await call(owner.cookie, 'POST', '/api/firm', { name: 'Undo Firm' });
    await call(noArchive.cookie, 'POST', '/api/firm', { name: 'No Archive Firm' });
    await join(owner, member);
    expect(
      (await call(owner.cookie, 'POST', '/api/firm/shared-mailboxes', { integrationId: owner.integrationId }))
        .statusCode,
    ).toBeLessThan(300);
  }, 90_000);
  afterAll(async () => h?.close());

  it('one Undo takes back a bulk clear over the member’s own and the shared items', async () => {
    const shared = await inboxIds(owner, 3);
    const own = await inboxIds(member, 2);
    const response = await call(member.cookie, 'POST', '/api/triage/items/bulk-update', {
      ids: [...shared, ...own],
      patch: { status: 'cleared' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as BulkUpdateResponse;
    expect(body.updated).toBe(5);
    expect(await statusOf(owner, shared)).toEqual(['cleared', 'cleared', 'cleared']);
    expect(await statusOf(member, own)).toEqual(['cleared', 'cleared']);

    // Nobody else may take it back, not even by guessing the id.
    expect(
      (await call(outsider.cookie, 'POST', `/api/triage/actions/${body.actionId}/undo`)).statusCode,
    ).toBe(404);

    const undo = await call(member.cookie, 'POST', `/api/triage/actions/${body.actionId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().undone).toBe(5);
    expect(await statusOf(owner, shared)).toEqual(['inbox', 'inbox', 'inbox']);
    expect(await statusOf(member, own)).toEqual(['inbox', 'inbox']);
    await h.app.outbox.idle();
    expect((await call(member.cookie, 'POST', `/api/triage/actions/${body.actionId}/undo`)).statusCode).toBe(
      409,
    );
  });

  it('a single shared item: the member undoes it; once unshared, an Undo is a 404', async () => {
    const [id] = await inboxIds(owner, 1);
    const cleared = await call(member.cookie, 'PATCH', `/api/triage/items/${id}`, { status: 'later' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const undo = await call(member.cookie, 'POST', `/api/triage/actions/${cleared.json().actionId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await statusOf(owner, [id as string])).toEqual(['inbox']);

    const again = await call(member.cookie, 'PATCH', `/api/triage/items/${id}`, { status: 'later' });
    expect(again.statusCode).toBe(200);
    const unshare = await call(owner.cookie, 'DELETE', `/api/firm/shared-mailboxes/${owner.integrationId}`);
    expect(unshare.statusCode, unshare.body).toBeLessThan(300);
    try {
      expect(
        (await call(member.cookie, 'POST', `/api/triage/actions/${again.json().actionId}/undo`)).statusCode,
      ).toBe(404);
      expect(await statusOf(owner, [id as string])).toEqual(['later']);
    } finally {
      await call(owner.cookie, 'POST', '/api/firm/shared-mailboxes', { integrationId: owner.integrationId });
    }
  });

  it('a change the shared mailbox refuses is announced to the member who made it and to the owner', async () => {
    const colleague = await signUp(h.app, `undo-colleague-${Date.now()}@ledgerdesk.test`);
    await join(noArchive, colleague);
    await call(noArchive.cookie, 'POST', '/api/firm/shared-mailboxes', {
      integrationId: noArchive.integrationId,
    });
    const notices: { userId: string; title: string; count: number; itemIds: string[] }[] = [];
    const stop = await h.database.listen('ledgerdesk_user_notices', (payload) =>
      notices.push(JSON.parse(payload)),
    );
    try {
      const ids = await inboxIds(noArchive, 2);
      const response = await call(colleague.cookie, 'POST', '/api/triage/items/bulk-update', {
        ids,
        patch: { status: 'cleared' },
      });
      expect(response.statusCode, response.body).toBe(200);
      await h.app.outbox.idle();
      await expect.poll(() => notices.length).toBe(2);
      const byUser = new Map(notices.map((notice) => [notice.userId, notice]));
      for (const userId of [colleague.userId, noArchive.userId]) {
        expect(byUser.get(userId)).toMatchObject({ title: 'Archive Folder Missing', count: 2 });
        expect(new Set(byUser.get(userId)?.itemIds)).toEqual(new Set(ids));
      }
      expect(await statusOf(noArchive, ids)).toEqual(['inbox', 'inbox']);
    } finally {
      await stop();
    }
  });

  it('a reverse the mailbox refuses after a member’s Undo is announced to the member as well as the owner', async () => {
    const [id] = await inboxIds(owner, 1);
    const cleared = await call(member.cookie, 'PATCH', `/api/triage/items/${id}`, { status: 'cleared' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    await h.app.outbox.idle();
    // The message goes from the mailbox after the clear reached it: moving it back is refused for good.
    const item = (await storedItems(h.app, owner.userId, owner.integrationId)).find((row) => row.id === id);
    await h.control('DELETE', `/messages/${encodeURIComponent(item?.emailMessageId ?? '')}`);
    const notices: { userId: string; itemIds: string[] }[] = [];
    const stop = await h.database.listen('ledgerdesk_user_notices', (payload) =>
      notices.push(JSON.parse(payload)),
    );
    try {
      const undo = await call(member.cookie, 'POST', `/api/triage/actions/${cleared.json().actionId}/undo`);
      expect(undo.statusCode, undo.body).toBe(200);
      await h.app.outbox.idle();
      await expect.poll(() => new Set(notices.map((notice) => notice.userId)).size).toBe(2);
      for (const userId of [member.userId, owner.userId])
        expect(notices.find((notice) => notice.userId === userId)?.itemIds).toEqual([id]);
    } finally {
      await stop();
    }
  });
});
