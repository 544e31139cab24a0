// Decision 012: colleagues are named by their display name (spec §5: the profile's full name, else the part of the
// email before the @) on every firm surface — the member list, shared mailboxes, assignments, the "Assigned by"
// item, comments, mentions and "Cleared by" — with the address kept beside the name where the list shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectFreshMailbox } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { ManualClock } from '../support/manual-clock';
import { insertTriageItems } from '../support/seed-triage';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read loosely by the assertions
type Json = Record<string, any>;

describe.each(testDatabaseKinds)('colleagues by name (%s)', (kind) => {
  let h: MailHarness;
  let owner: Connected;
  let sam: { cookie: string; userId: string };
  const stamp = Date.now().toString(36);
  const samEmail = `sam.${stamp}@ledgerdesk.test`;
  const thread = `names-${stamp}`;
  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    h.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const saveFullName = async (cookie: string, fullName: string) =>
    expect((await call(cookie, 'PATCH', '/api/profile', { fullName })).statusCode).toBe(200);
  const firmOf = async (cookie: string) => (await call(cookie, 'GET', '/api/firm')).json().firm as Json;
  const activity = async (cookie: string) =>
    (await call(cookie, 'GET', `/api/triage/threads/${thread}/activity`)).json() as Json;
  const itemsOf = async (cookie: string, view = 'inbox') =>
    ((await call(cookie, 'GET', `/api/triage/threads?view=${view}`)).json().groups as Json[]).flatMap(
      (group) => group.emails as Json[],
    );

  beforeAll(async () => {
    h = await createMailHarness(kind, { clock: new ManualClock() });
    owner = await connectFreshMailbox(h, 'office365', { messages: 0 });
    sam = await signUp(h.app, samEmail);
    await insertTriageItems(h.app.db, owner.userId, [
      { subject: 'Payroll query', emailIntegrationId: owner.integrationId, emailThreadId: thread },
    ]);
    await call(owner.cookie, 'POST', '/api/firm', { name: 'Names Firm' });
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: samEmail });
    const token = new URL(invited.json().link).searchParams.get('token');
    expect((await call(sam.cookie, 'POST', '/api/firm/invitations/accept', { token })).statusCode).toBe(200);
    await call(owner.cookie, 'POST', '/api/firm/shared-mailboxes', { integrationId: owner.integrationId });
    await saveFullName(owner.cookie, 'Olivia Harper');
  }, 60_000);
  afterAll(async () => h?.close());

  it('lists members by full name, else the email before the @, with the address beside it', async () => {
    const firm = await firmOf(sam.cookie);
    const byId = new Map((firm.members as Json[]).map((member) => [member.userId, member]));
    expect(byId.get(owner.userId)).toMatchObject({
      name: 'Olivia Harper',
      email: expect.stringMatching(/@/),
    });
    expect(byId.get(sam.userId)).toMatchObject({ name: `sam.${stamp}`, email: samEmail });
    expect(firm.sharedMailboxes[0]).toMatchObject({ ownerName: 'Olivia Harper' });
  });

  it('names the assigner and the assignee by name, in the activity and in the assignee\'s "Assigned by" item', async () => {
    const assigned = await call(owner.cookie, 'POST', `/api/triage/threads/${thread}/assignment`, {
      assigneeUserId: sam.userId,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().assignment).toMatchObject({
      assignedByName: 'Olivia Harper',
      assigneeName: `sam.${stamp}`,
    });
    const link = (await itemsOf(sam.cookie)).find((item) => item.metadata?.link?.kind === 'assignment');
    expect(link?.metadata.link.by_name).toBe('Olivia Harper');
  });

  it('names comment authors and mentioners by name, as their profile names them now', async () => {
    await saveFullName(sam.cookie, 'Sam Lowe');
    const posted = await call(sam.cookie, 'POST', `/api/triage/threads/${thread}/comments`, {
      body: `Checked, @${(await firmOf(owner.cookie)).members.find((m: Json) => m.userId === owner.userId).handle}`,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().comment.authorName).toBe('Sam Lowe');
    const mention = (await itemsOf(owner.cookie)).find((item) => item.metadata?.link?.kind === 'mention');
    expect(mention?.metadata.link.by_name).toBe('Sam Lowe');
    expect(mention?.fromAddress).toBe(`Sam Lowe <${samEmail}>`);
    // A name changed later shows on what was written before.
    await saveFullName(sam.cookie, 'Samuel Lowe');
    const later = await activity(owner.cookie);
    expect(later.comments[0].authorName).toBe('Samuel Lowe');
    expect(later.history[0].assigneeName).toBe('Samuel Lowe');
  });

  it('says who cleared a shared thread by name ("Cleared by Samuel Lowe")', async () => {
    const [item] = (await itemsOf(owner.cookie)).filter(
      (entry) => entry.emailThreadId === thread && !entry.metadata?.link,
    );
    const cleared = await call(sam.cookie, 'PATCH', `/api/triage/items/${item?.id}`, { status: 'cleared' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().item.metadata.shared_activity).toMatchObject({
      action: 'cleared',
      by_user_id: sam.userId,
      by_name: 'Samuel Lowe',
    });
  });
});
