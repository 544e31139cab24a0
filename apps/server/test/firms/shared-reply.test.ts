// A member replies to a thread of a mailbox shared with the firm: the reply goes out from the shared address
// through its owner's connection on the server (decision 012), at once or after the undo-send hold, and only
// while the mailbox is still shared with them.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueMail } from '../../src/features/outgoing/outgoing-sender';
import { type Connected, connectFreshMailbox, mailboxSummary, sync } from '../mail/support/mail-fixtures';
import { callFunction, createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { ManualClock } from '../support/manual-clock';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('replying from a shared mailbox (%s)', (kind) => {
  let h: MailHarness;
  let clock: ManualClock;
  let owner: Connected;
  let member: { cookie: string; userId: string; email: string };
  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    h.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    clock = new ManualClock();
    h = await createMailHarness(kind, { clock });
    owner = await connectFreshMailbox(h, 'office365', { messages: 4 });
    await sync(h, owner);
    member = await signUp(h.app, `reply-member-${Date.now()}@ledgerdesk.test`);
    await call(owner.cookie, 'POST', '/api/firm', { name: 'Reply Firm' });
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: member.email });
    const token = new URL(invited.json().link).searchParams.get('token');
    await call(member.cookie, 'POST', '/api/firm/invitations/accept', { token });
    await call(owner.cookie, 'POST', '/api/firm/shared-mailboxes', { integrationId: owner.integrationId });
  }, 60_000);
  afterAll(async () => h?.close());

  const sharedItem = async () => {
    const item = (await storedItems(h.app, owner.userId, owner.integrationId)).find(
      (row) => row.emailMessageId && row.emailThreadId && row.status !== 'sent',
    );
    if (!item) throw new Error('no synced item to reply to');
    return item;
  };
  const reply = async (subject: string, extra: Record<string, unknown> = {}) => {
    const item = await sharedItem();
    return callFunction(h.app, member.cookie, 'send-office365-email', {
      to: ['client@client.test'],
      subject,
      body: `<p>${subject}</p>`,
      replyType: 'reply',
      triageItemId: item.id,
      threadId: item.emailThreadId,
      originalMessageId: item.emailMessageId,
      integrationId: owner.integrationId,
      ...extra,
    });
  };
  // A Graph reply keeps the original's subject, so the owner's Sent folder is counted.
  const sentTotal = async () => (await mailboxSummary(h, owner.address)).folders.sent.total;

  it('sends at once from the shared address', async () => {
    const before = await sentTotal();
    const response = await reply(`Re: shared now ${crypto.randomUUID().slice(0, 8)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, sentFrom: owner.address });
    expect(await sentTotal()).toBe(before + 1);
  });

  it('holds the reply for the undo window, then sends it through the owner connection', async () => {
    const before = await sentTotal();
    const response = await reply(`Re: shared held ${crypto.randomUUID().slice(0, 8)}`, { holdSeconds: 5 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, sentFrom: owner.address });
    expect(await sentTotal()).toBe(before);
    clock.advance(5000);
    expect(await sendDueMail(h.app, clock)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await sentTotal()).toBe(before + 1);
  });

  it('refuses once the mailbox is no longer shared, and never sends from the owner mailbox', async () => {
    const item = await sharedItem();
    await call(owner.cookie, 'DELETE', `/api/firm/shared-mailboxes/${owner.integrationId}`);
    const before = await sentTotal();
    const subject = `Re: unshared ${crypto.randomUUID().slice(0, 8)}`;
    const response = await callFunction(h.app, member.cookie, 'send-office365-email', {
      to: ['client@client.test'],
      subject,
      body: '<p>x</p>',
      replyType: 'reply',
      triageItemId: item.id,
      integrationId: owner.integrationId,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await sentTotal()).toBe(before);
  });
});
