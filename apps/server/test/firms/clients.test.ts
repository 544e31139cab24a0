// Decision 012 (decision 015): mail that knows its client — contacts and organisations resolved by address, then
// domain; the client chip; threads filed to work items; one client list per firm, invisible to other firms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectFreshMailbox } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { insertTriageItems } from '../support/seed-triage';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('clients and work filing (%s)', (kind) => {
  let h: MailHarness;
  let owner: Connected;
  let member: { cookie: string; userId: string; email: string };
  let outsider: Connected;
  const stamp = Date.now().toString(36);
  const key = (name: string) => `${name}-${stamp}`;
  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    h.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const activity = async (cookie: string, thread: string) =>
    (await call(cookie, 'GET', `/api/triage/threads/${key(thread)}/activity`)).json();
  const listed = async (cookie: string, organisation: string, view = 'inbox') => {
    const filters = encodeURIComponent(JSON.stringify([{ type: 'client', value: organisation }]));
    const page = (await call(cookie, 'GET', `/api/triage/threads?view=${view}&filters=${filters}`)).json();
    return (page.groups as { id: string }[]).map((group) => group.id).sort();
  };

  beforeAll(async () => {
    h = await createMailHarness(kind);
    owner = await connectFreshMailbox(h, 'office365', { messages: 0 });
    member = await signUp(h.app, `clients-member-${stamp}@ledgerdesk.test`);
    outsider = await connectFreshMailbox(h, 'gmail', { messages: 0 });
    const mailbox = { emailIntegrationId: owner.integrationId };
    await insertTriageItems(h.app.db, owner.userId, [
      { ...mailbox, emailThreadId: key('a'), fromAddress: 'Priya Natarajan <priya@northgate-dental.test>' },
      { ...mailbox, emailThreadId: key('b'), fromAddress: 'Tom Reed <tom@Northgate-Dental.test>' },
      { ...mailbox, emailThreadId: key('c'), fromAddress: 'Someone <someone@gmail.com>' },
      {
        ...mailbox,
        emailThreadId: key('d'),
        status: 'sent',
        fromAddress: owner.address,
        metadata: { to: ['Priya Natarajan <priya@northgate-dental.test>'] },
      },
    ]);
    await call(owner.cookie, 'POST', '/api/firm', { name: 'Client Firm' });
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: member.email });
    const token = new URL(invited.json().link).searchParams.get('token');
    await call(member.cookie, 'POST', '/api/firm/invitations/accept', { token });
    await call(owner.cookie, 'POST', '/api/firm/shared-mailboxes', { integrationId: owner.integrationId });
    await call(outsider.cookie, 'POST', '/api/firm', { name: 'Rival Firm' });
  }, 60_000);
  afterAll(async () => h?.close());

  it('offers the outside sender as the client to name, and knows nobody yet', async () => {
    const seen = await activity(owner.cookie, 'a');
    expect(seen.client).toBeNull();
    expect(seen.clientCandidate).toEqual({ address: 'priya@northgate-dental.test', name: 'Priya Natarajan' });
    // A sent item's client is its recipient.
    expect((await activity(owner.cookie, 'd')).clientCandidate.address).toBe('priya@northgate-dental.test');
  });

  it('resolves by address, then domain, for every member of the firm; the chip narrows every view', async () => {
    const saved = await call(member.cookie, 'POST', '/api/clients', {
      organisation: 'Northgate Dental',
      address: 'Priya@Northgate-Dental.test',
      contactName: 'Priya Natarajan',
      matchDomain: true,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toEqual({
      organisation: 'Northgate Dental',
      contact: 'Priya Natarajan',
      domain: 'northgate-dental.test',
    });
    expect((await activity(owner.cookie, 'a')).client).toEqual({
      organisation: 'Northgate Dental',
      contact: 'Priya Natarajan',
      address: 'priya@northgate-dental.test',
    });
    expect((await activity(member.cookie, 'b')).client).toEqual({
      organisation: 'Northgate Dental',
      contact: null,
      address: 'tom@northgate-dental.test',
    });
    expect((await activity(owner.cookie, 'c')).client).toBeNull();
    expect(await listed(owner.cookie, 'northgate dental')).toEqual([key('a'), key('b')]);
    expect(await listed(owner.cookie, 'Northgate Dental', 'sent')).toEqual([key('d')]);
    expect(await listed(member.cookie, 'Northgate Dental')).toEqual([]);
    // The member's own views hold none of the owner's mail; the shared mailbox's view does.
    const filters = encodeURIComponent(JSON.stringify([{ type: 'client', value: 'Northgate Dental' }]));
    const shared = (
      await call(
        member.cookie,
        'GET',
        `/api/triage/threads?view=inbox&mailboxId=${owner.integrationId}&filters=${filters}`,
      )
    ).json();
    expect((shared.groups as { id: string }[]).map((group) => group.id).sort()).toEqual([key('a'), key('b')]);
  });

  it('refuses public domains and bad input with clear 4xx answers', async () => {
    const publicDomain = await call(owner.cookie, 'POST', '/api/clients', {
      organisation: 'Someone Ltd',
      address: 'someone@gmail.com',
      matchDomain: true,
    });
    expect(publicDomain.statusCode).toBe(400);
    expect(publicDomain.json().error.message).toMatch(/public mail domain/);
    for (const bad of [{ organisation: '', address: 'a@b.test' }, { organisation: 'X', address: 'nope' }, {}])
      expect((await call(owner.cookie, 'POST', '/api/clients', bad)).statusCode).toBe(400);
    // Without the domain, the one address is enough.
    expect(
      (
        await call(owner.cookie, 'POST', '/api/clients', {
          organisation: 'Someone Ltd',
          address: 'someone@gmail.com',
        })
      ).statusCode,
    ).toBe(201);
    expect((await activity(owner.cookie, 'c')).client.organisation).toBe('Someone Ltd');
  });

  it("keeps another firm's client list and work apart", async () => {
    expect(await listed(outsider.cookie, 'Northgate Dental')).toEqual([]);
    const own = await call(outsider.cookie, 'POST', '/api/clients', {
      organisation: 'Northgate Dental',
      address: 'other@rival-client.test',
      matchDomain: true,
    });
    expect(own.statusCode).toBe(201);
    expect((await call(outsider.cookie, 'GET', `/api/triage/threads/${key('a')}/activity`)).statusCode).toBe(
      404,
    );
    // Their organisation of the same name does not give them ours, nor ours theirs.
    expect((await activity(owner.cookie, 'b')).client.organisation).toBe('Northgate Dental');
    expect(await listed(owner.cookie, 'Northgate Dental')).toEqual([key('a'), key('b')]);
    // The organisations list (the rule form's client picker): each firm sees its own list only.
    const names = async (cookie: string) =>
      (await call(cookie, 'GET', '/api/clients')).json().organisations as { id: string; name: string }[];
    const ours = await names(member.cookie);
    const theirs = await names(outsider.cookie);
    expect(ours.map((organisation) => organisation.name)).toContain('Northgate Dental');
    expect(theirs.map((organisation) => organisation.name)).toEqual(['Northgate Dental']);
    expect(ours.map((organisation) => organisation.id)).not.toContain(theirs[0]?.id);
    expect(await names(owner.cookie)).toEqual(ours);
  });

  it('files a thread to a work item, shows it to the firm, and takes it off again', async () => {
    const filed = await call(member.cookie, 'POST', `/api/triage/threads/${key('a')}/work`, {
      workItemId: 'w-1',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().thread).toMatchObject({ workItemId: 'w-1', threadKey: key('a') });
    expect((await activity(owner.cookie, 'a')).workItemIds).toEqual(['w-1']);
    const ownerWork = (await call(owner.cookie, 'GET', '/api/work/threads')).json().threads;
    expect(ownerWork.map((thread: { threadKey: string }) => thread.threadKey)).toEqual([key('a')]);
    expect((await call(outsider.cookie, 'GET', '/api/work/threads')).json().threads).toEqual([]);
    expect(
      (await call(outsider.cookie, 'POST', `/api/triage/threads/${key('a')}/work`, { workItemId: 'w-2' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(outsider.cookie, 'DELETE', `/api/triage/threads/${key('a')}/work/w-1`)).statusCode,
    ).toBe(404);
    expect((await call(owner.cookie, 'DELETE', `/api/triage/threads/${key('a')}/work/w-1`)).statusCode).toBe(
      204,
    );
    expect((await call(owner.cookie, 'DELETE', `/api/triage/threads/${key('a')}/work/w-1`)).statusCode).toBe(
      404,
    );
  });
});
