// Decision 012 (decision 013): assignment with its history and internal comments with @mentions, on a shared
// mailbox's thread and on a personal one, with firm isolation.
import { COLLABORATION_TEXTS } from '@ledgerdesk/domain/api/collaboration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectFreshMailbox } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { ManualClock } from '../support/manual-clock';
import { insertTriageItems } from '../support/seed-triage';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read loosely by the assertions
type Json = Record<string, any>;

describe.each(testDatabaseKinds)('thread assignment and comments (%s)', (kind) => {
  let h: MailHarness;
  let clock: ManualClock;
  let owner: Connected;
  let sam: { cookie: string; userId: string; email: string };
  let samHandle: string;
  let outsider: Connected;
  const stamp = Date.now().toString(36);
  const shared = `collab-${stamp}`;
  const personal = `personal-${stamp}`;
  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    h.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const activity = async (cookie: string, key: string) =>
    call(cookie, 'GET', `/api/triage/threads/${encodeURIComponent(key)}/activity`);
  const assign = (cookie: string, key: string, body: Json) =>
    call(cookie, 'POST', `/api/triage/threads/${encodeURIComponent(key)}/assignment`, body);
  const comment = (cookie: string, key: string, body: string) =>
    call(cookie, 'POST', `/api/triage/threads/${encodeURIComponent(key)}/comments`, { body });
  const listOf = async (cookie: string, query = 'view=inbox') =>
    (await call(cookie, 'GET', `/api/triage/threads?${query}`)).json().groups as Json[];
  const linkItems = async (cookie: string, kind: string) =>
    (await listOf(cookie))
      .flatMap((group) => group.emails as Json[])
      .filter((item) => item.metadata?.link?.kind === kind);

  beforeAll(async () => {
    clock = new ManualClock();
    h = await createMailHarness(kind, { clock });
    owner = await connectFreshMailbox(h, 'office365', { messages: 0 });
    samHandle = `sam-${stamp}`;
    sam = await signUp(h.app, `${samHandle}@ledgerdesk.test`);
    outsider = await connectFreshMailbox(h, 'gmail', { messages: 0 });
    await insertTriageItems(h.app.db, owner.userId, [
      { subject: 'Year-end accounts', emailIntegrationId: owner.integrationId, emailThreadId: shared },
      { subject: 'Re: Year-end accounts', emailIntegrationId: owner.integrationId, emailThreadId: shared },
      { subject: 'Private matter', emailThreadId: personal },
    ]);
    await call(owner.cookie, 'POST', '/api/firm', { name: 'Collab Firm' });
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: sam.email });
    const token = new URL(invited.json().link).searchParams.get('token');
    await call(sam.cookie, 'POST', '/api/firm/invitations/accept', { token });
    await call(owner.cookie, 'POST', '/api/firm/shared-mailboxes', { integrationId: owner.integrationId });
    await call(outsider.cookie, 'POST', '/api/firm', { name: 'Other Firm' });
  }, 60_000);
  afterAll(async () => h?.close());

  it('assigns to a member with a to-do date and a comment: the assignee gets it raised in their own triage', async () => {
    const response = await assign(owner.cookie, shared, {
      assigneeUserId: sam.userId,
      todoDate: '2026-11-28',
      comment: 'Can you take this one?',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.assignment).toMatchObject({
      assigneeUserId: sam.userId,
      todoDate: '2026-11-28',
      comment: 'Can you take this one?',
    });
    const [item] = await linkItems(sam.cookie, 'assignment');
    expect(item?.metadata.link).toMatchObject({ by_user_id: owner.userId, todo_date: '2026-11-28' });
    expect(item?.isRead).toBe(false);
    // Opening it opens the shared thread (its two emails), not the pointer.
    const thread = await call(sam.cookie, 'GET', `/api/triage/threads/${shared}`);
    expect(thread.statusCode).toBe(200);
    expect(
      thread
        .json()
        .thread.items.map((i: Json) => i.subject)
        .sort(),
    ).toEqual(['Re: Year-end accounts', 'Year-end accounts']);
    // The spec's assignee chip finds it on the owner's views and on the assignee's own.
    const name = body.assignment.assigneeName as string;
    const filters = encodeURIComponent(JSON.stringify([{ type: 'assignee', value: name }]));
    const chip = await listOf(owner.cookie, `view=inbox&filters=${filters}`);
    expect(chip.map((group) => group.id)).toContain(shared);
    expect((await listOf(sam.cookie, `view=inbox&filters=${filters}`)).length).toBe(1);
  });

  it('keeps reassign and unassign in the history and takes the replaced item back', async () => {
    expect((await assign(sam.cookie, shared, { assigneeUserId: owner.userId })).statusCode).toBe(200);
    expect(await linkItems(sam.cookie, 'assignment')).toEqual([]);
    const unassigned = await assign(sam.cookie, shared, { assigneeUserId: null });
    expect(unassigned.statusCode).toBe(200);
    const body = unassigned.json();
    expect(body.assignment).toBeNull();
    expect(body.history.map((entry: Json) => entry.assigneeUserId)).toEqual([sam.userId, owner.userId, null]);
    expect(body.history[2].assignedByUserId).toBe(sam.userId);
  });

  it('Assign & Clear clears the shared thread and still brings it to the assignee', async () => {
    const response = await assign(owner.cookie, shared, { assigneeUserId: sam.userId, clear: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().clearActionId).toBeTruthy();
    const inbox = await listOf(owner.cookie);
    expect(
      inbox.some((group) =>
        (group.emails as Json[]).some((i) => i.emailThreadId === shared && !i.metadata?.link),
      ),
    ).toBe(false);
    expect((await linkItems(sam.cookie, 'assignment')).length).toBe(1);
  });

  it('refuses strangers, personal threads for colleagues and bad input with clear 4xx answers', async () => {
    const stranger = await assign(owner.cookie, shared, { assigneeUserId: outsider.userId });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.message).toBe(COLLABORATION_TEXTS.notAMember);
    const personalThread = await assign(owner.cookie, personal, { assigneeUserId: sam.userId });
    expect(personalThread.statusCode).toBe(403);
    expect(personalThread.json().error.message).toBe(COLLABORATION_TEXTS.personalThread);
    // Assigning yourself works on your own personal mail.
    expect((await assign(owner.cookie, personal, { assigneeUserId: owner.userId })).statusCode).toBe(200);
    expect(
      (await assign(owner.cookie, shared, { assigneeUserId: sam.userId, todoDate: '28/11' })).statusCode,
    ).toBe(400);
    expect((await assign(owner.cookie, shared, { assignee: 'x' })).statusCode).toBe(400);
    // Another firm sees nothing of either thread.
    for (const key of [shared, personal]) {
      expect((await activity(outsider.cookie, key)).statusCode).toBe(404);
      expect((await assign(outsider.cookie, key, { assigneeUserId: outsider.userId })).statusCode).toBe(404);
      expect((await comment(outsider.cookie, key, 'hello')).statusCode).toBe(404);
    }
    // A member sees the shared thread's activity, never the owner's personal one.
    expect((await activity(sam.cookie, shared)).statusCode).toBe(200);
    expect((await activity(sam.cookie, personal)).statusCode).toBe(404);
  });

  it('mentions a member in a comment: a mention item links to the comment; unknown handles are reported', async () => {
    const posted = await comment(
      owner.cookie,
      shared,
      `@${samHandle} please check https://example.com/x @nobody`,
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const { comment: created, unreached } = posted.json();
    expect(created.mentionedUserIds).toEqual([sam.userId]);
    expect(unreached).toEqual(['nobody']);
    const mentions = await linkItems(sam.cookie, 'mention');
    expect(mentions).toHaveLength(1);
    expect(mentions[0]?.type).toBe('mention');
    expect(mentions[0]?.metadata.link.comment_id).toBe(created.id);
    const seen = (await activity(sam.cookie, shared)).json();
    expect(seen.comments.map((c: Json) => c.body)).toContain(created.body);
    expect(seen.comments.find((c: Json) => c.id === created.id).isMine).toBe(false);
  });

  it('lets only the author edit (for 15 minutes) and delete a comment', async () => {
    const { comment: created } = (await comment(sam.cookie, shared, 'First draft')).json();
    const url = `/api/triage/comments/${created.id}`;
    const byOwner = await call(owner.cookie, 'PATCH', url, { body: 'Hijacked' });
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().error.message).toBe(COLLABORATION_TEXTS.notAuthor);
    expect((await call(owner.cookie, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(outsider.cookie, 'PATCH', url, { body: 'x' })).statusCode).toBe(404);
    expect((await call(outsider.cookie, 'DELETE', url)).statusCode).toBe(404);
    const edited = await call(sam.cookie, 'PATCH', url, { body: 'Second draft' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().comment).toMatchObject({ body: 'Second draft', isMine: true });
    expect(edited.json().comment.editedAt).toBeTruthy();
    clock.advance(16 * 60_000);
    const late = await call(sam.cookie, 'PATCH', url, { body: 'Third draft' });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.message).toBe(COLLABORATION_TEXTS.editWindowOver);
    expect((await call(sam.cookie, 'PATCH', url, { body: '' })).statusCode).toBe(400);
    expect((await call(sam.cookie, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(sam.cookie, 'DELETE', url)).statusCode).toBe(404);
  });

  it('keeps personal-thread comments private and mentions on them unreached', async () => {
    const posted = await comment(owner.cookie, personal, `Note to self, not for @${samHandle}`);
    expect(posted.statusCode).toBe(201);
    expect(posted.json().unreached).toEqual([samHandle]);
    expect((await linkItems(sam.cookie, 'mention')).length).toBe(1);
    expect((await activity(owner.cookie, personal)).json().comments).toHaveLength(1);
  });

  it('takes every shared thread away from a removed member', async () => {
    expect((await call(owner.cookie, 'DELETE', `/api/firm/members/${sam.userId}`)).statusCode).toBe(204);
    expect((await activity(sam.cookie, shared)).statusCode).toBe(404);
    expect((await comment(sam.cookie, shared, 'still here?')).statusCode).toBe(404);
    expect((await call(sam.cookie, 'GET', `/api/triage/threads/${shared}`)).statusCode).toBe(404);
  });
});
