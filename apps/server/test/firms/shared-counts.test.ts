import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectFreshMailbox } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { insertTriageItems } from '../support/seed-triage';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('unread badges of shared mailboxes on %s', (kind) => {
  let h: MailHarness;
  let owner: Connected;
  let member: { cookie: string; userId: string; email: string };
  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    h.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const countsOf = async (cookie: string) => (await call(cookie, 'GET', '/api/triage/counts')).json().counts;

  beforeAll(async () => {
    h = await createMailHarness(kind);
    owner = await connectFreshMailbox(h, 'office365', { messages: 0 });
    member = await signUp(h.app, `badge-member-${Date.now()}@ledgerdesk.test`);
    await call(owner.cookie, 'POST', '/api/firm', { name: 'Badge Firm' });
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: member.email });
    const token = new URL(invited.json().link).searchParams.get('token');
    await call(member.cookie, 'POST', '/api/firm/invitations/accept', { token });
  });
  afterAll(async () => h?.close());

  it("counts the unread main-view items of each shared mailbox for members, never the owner's private mail", async () => {
    await insertTriageItems(h.app.db, owner.userId, [
      { subject: 'Shared unread 1', emailIntegrationId: owner.integrationId, emailThreadId: 'b-1' },
      { subject: 'Shared unread 2', emailIntegrationId: owner.integrationId, emailThreadId: 'b-2' },
      { subject: 'Shared read', emailIntegrationId: owner.integrationId, emailThreadId: 'b-3', isRead: true },
      {
        subject: 'Shared later',
        emailIntegrationId: owner.integrationId,
        emailThreadId: 'b-4',
        status: 'later',
      },
      { subject: 'Private unread' },
    ]);
    expect((await countsOf(member.cookie)).shared).toEqual({});

    await call(owner.cookie, 'POST', '/api/firm/shared-mailboxes', { integrationId: owner.integrationId });
    const counts = await countsOf(member.cookie);
    // The main view holds Later too (spec §2); read mail and private mail are not counted.
    expect(counts.shared).toEqual({ [owner.integrationId]: 3 });
    expect(counts.triage).toBe(0);
    // The owner's own badges already count their mailbox; it is not repeated as shared.
    const ownerCounts = await countsOf(owner.cookie);
    expect(ownerCounts.shared).toEqual({});
    expect(ownerCounts.triage).toBe(4);

    expect((await call(owner.cookie, 'DELETE', `/api/firm/members/${member.userId}`)).statusCode).toBe(204);
    expect((await countsOf(member.cookie)).shared).toEqual({});
  });
});
