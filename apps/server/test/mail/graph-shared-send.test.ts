import { SEND_ERRORS } from '@ledgerdesk/domain/mail/send-errors';
import { allowSandboxConsent } from '@ledgerdesk/test-support/seed/connect-mailbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../support/test-database';
import { type Connected, integrationRow, mailboxSummary, sync } from './support/mail-fixtures';
import {
  callFunction,
  createMailHarness,
  type MailHarness,
  redirectUriFor,
  signUp,
} from './support/mail-harness';
import { storedItems } from './support/mailbox-compare';

const REDIRECT = redirectUriFor('office365');
let counter = 0;

type Tenant = { user: string; shared: string; cookie: string; userId: string; email: string };

describe.each(testDatabaseKinds)('Graph: a shared mailbox token and sending from it (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  });
  afterAll(async () => h?.close());

  async function tenant(delegate: Record<string, unknown>): Promise<Tenant> {
    counter++;
    const domain = `graph-shared${counter}-${Date.now()}.test`;
    const user = `alex@${domain}`;
    const shared = `accounts@${domain}`;
    await h.control('POST', '/mailboxes', { address: user, provider: 'office365', messages: 2 });
    await h.control('POST', '/mailboxes', {
      address: shared,
      provider: 'office365',
      messages: 10,
      shared: true,
    });
    await h.control('PUT', `/mailboxes/${shared}/delegates/${user}`, delegate);
    // Generated mail is random per address: one message is surely in the Inbox to reply to.
    await h.control('POST', '/messages', {
      mailbox: shared,
      from: 'Dana Client <dana@client.test>',
      to: [shared],
      subject: 'Question about the year-end accounts',
      text: 'Could you send the figures?',
    });
    const account = await signUp(h.app, `graph-shared${counter}-${Date.now()}@ledgerdesk.test`);
    return { user, shared, ...account };
  }

  async function connected(t: Tenant): Promise<Connected> {
    const start = await callFunction(h.app, t.cookie, 'office365-auth', {
      action: 'get-auth-url',
      redirectUri: REDIRECT,
      sharedMailbox: t.shared,
    });
    const back = await allowSandboxConsent(start.json().authUrl as string, t.user);
    const answer = await callFunction(h.app, t.cookie, 'office365-auth', {
      code: back.searchParams.get('code'),
      redirectUri: REDIRECT,
      state: back.searchParams.get('state'),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { integrationId } = answer.json() as { integrationId: string };
    return { address: t.shared, userId: t.userId, cookie: t.cookie, integrationId, email: t.email };
  }

  const send = (t: Tenant, box: Connected, extra: Record<string, unknown> = {}) =>
    callFunction(h.app, t.cookie, 'send-office365-email', {
      to: ['client@client.test'],
      cc: [],
      subject: 'Year-end figures',
      body: '<p>Please find the figures attached.</p>',
      replyType: 'new',
      integrationId: box.integrationId,
      ...extra,
    });

  async function firstInboxItem(box: Connected) {
    const item = (await storedItems(h.app, box.userId, box.integrationId)).find(
      (stored) => stored.metadata.mail_folder === 'inbox',
    );
    if (!item?.emailMessageId) throw new Error('no inbox item');
    return item;
  }

  it('a refreshed token keeps the .Shared scopes of the grant: archiving still works after the hour', async () => {
    const t = await tenant({ access: 'full' });
    const box = await connected(t);
    await sync(h, box);
    await h.control('POST', `/mailboxes/${encodeURIComponent(t.user)}/expire-tokens`);

    const item = await firstInboxItem(box);
    const archive = await callFunction(h.app, t.cookie, 'archive-email', {
      messageId: item.emailMessageId,
      integrationId: box.integrationId,
    });
    expect(archive.statusCode, archive.body).toBe(200);
    const row = await integrationRow(h.app, box);
    expect(row.scopes).toEqual(
      expect.arrayContaining(['Mail.Read', 'Mail.ReadWrite.Shared', 'Mail.Send.Shared']),
    );
    expect((await mailboxSummary(h, t.shared)).folders.archive.total).toBeGreaterThan(0);
  });

  it('a read-only delegate with Send As sends new mail and replies from the shared address (no Full Access needed)', async () => {
    const t = await tenant({ access: 'read', sendAs: true });
    const box = await connected(t);
    await sync(h, box);

    const sent = await send(t, box);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, sentFrom: t.shared });

    const item = await firstInboxItem(box);
    const replied = await send(t, box, {
      subject: `Re: ${item.subject}`,
      replyType: 'reply',
      triageItemId: item.id,
      threadId: item.emailThreadId,
      originalMessageId: item.emailMessageId,
    });
    expect(replied.statusCode, replied.body).toBe(200);

    // Sent by the user from the shared address: filed in the user's own Sent Items, as Exchange does.
    const own = await h.control<{ messages: Array<{ folder: string; from: string; subject: string }> }>(
      'GET',
      `/mailboxes/${encodeURIComponent(t.user)}`,
    );
    const fromShared = own.messages.filter(
      (message) => message.folder === 'sent' && message.from === t.shared,
    );
    expect(fromShared.map((message) => message.subject).sort()).toEqual(
      [`Re: ${item.subject}`, 'Year-end figures'].sort(),
    );
  });

  it('a Full Access delegate replies inside the shared mailbox (threaded, its Sent Items)', async () => {
    const t = await tenant({ access: 'full', sendOnBehalf: true });
    const box = await connected(t);
    await sync(h, box);
    const item = await firstInboxItem(box);
    const sentBefore = (await mailboxSummary(h, t.shared)).folders.sent.total;
    const replied = await send(t, box, {
      subject: `Re: ${item.subject}`,
      replyType: 'reply',
      triageItemId: item.id,
      threadId: item.emailThreadId,
      originalMessageId: item.emailMessageId,
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const shared = await mailboxSummary(h, t.shared);
    expect(shared.folders.sent.total).toBe(sentBefore + 1);
    expect(shared.messages.find((message) => message.folder === 'sent')?.threadId).toBe(item.emailThreadId);
  });

  it('without Send As or Send on behalf the send is refused in words and nothing goes out', async () => {
    const t = await tenant({ access: 'read' });
    const box = await connected(t);
    const sentCounts = async () => [
      (await mailboxSummary(h, t.user)).folders.sent.total,
      (await mailboxSummary(h, t.shared)).folders.sent.total,
    ];
    const before = await sentCounts();
    const refused = await send(t, box);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(SEND_ERRORS.SEND_AS_DENIED.description);
    expect(await sentCounts()).toEqual(before);
  });
});
