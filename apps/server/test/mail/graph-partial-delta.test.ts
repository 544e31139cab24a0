import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMessageReadState } from '../../src/mail/mail-service';
import { testDatabaseKinds } from '../support/test-database';
import { type Connected, connectFreshMailbox, integrationRow, sync } from './support/mail-fixtures';
import { createMailHarness, type MailHarness } from './support/mail-harness';
import { mailboxKeys, type StoredItem, storedItems, storedKeys } from './support/mailbox-compare';

/** What the sync wrote from the message itself (not its state): must survive a partial delta item. */
const content = (item: StoredItem) => ({
  subject: item.subject,
  fromAddress: item.fromAddress,
  time: item.time,
  previewContent: item.previewContent,
  emailThreadId: item.emailThreadId,
});

describe.each(testDatabaseKinds)('Graph delta items of a state change (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  });
  afterAll(async () => h?.close());

  /** A mailbox with (at least) one unread Inbox message: generated mail is random per address. */
  async function freshMailbox(): Promise<Connected> {
    const box = await connectFreshMailbox(h, 'office365', { messages: 10 });
    await h.control('POST', '/messages', {
      mailbox: box.address,
      from: 'Dana Client <dana@client.test>',
      to: [box.address],
      subject: 'Question about the year-end accounts',
      text: 'Could you send the figures?',
    });
    return box;
  }

  /** PATCHes read state at Graph with the integration's own token, as Outlook on another device would. */
  async function markReadInOutlook(box: Connected, messageId: string) {
    const row = await integrationRow(h.app, box);
    const token = h.app.mail.tokenCipher.decrypt(row.accessToken ?? '');
    const response = await fetch(`${h.sandbox.url}/graph/v1.0/me/messages/${encodeURIComponent(messageId)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ isRead: true }),
    });
    expect(response.status).toBe(200);
  }

  it('the sandbox answers a read toggle with only id, isRead and parentFolderId, as Graph may', async () => {
    const box = await freshMailbox();
    await sync(h, box);
    const row = await integrationRow(h.app, box);
    const item = (await storedItems(h.app, box.userId, box.integrationId)).find(
      (stored) => stored.metadata.mail_folder === 'inbox' && !stored.isRead,
    );
    if (!item?.emailMessageId) throw new Error('no unread inbox item');
    await markReadInOutlook(box, item.emailMessageId);
    const token = h.app.mail.tokenCipher.decrypt(row.accessToken ?? '');
    const deltaLink = String(row.metadata.delta_token_inbox);
    const page = (await (
      await fetch(deltaLink, {
        headers: { authorization: `Bearer ${token}`, prefer: 'IdType="ImmutableId"' },
      })
    ).json()) as { value: Array<Record<string, unknown>> };
    const changed = page.value.find((entry) => entry.id === item.emailMessageId);
    expect(changed).toBeDefined();
    expect(Object.keys(changed ?? {}).sort()).toEqual(['@odata.type', 'id', 'isRead', 'parentFolderId']);
  });

  it('a message read elsewhere keeps its subject, sender, date and preview; only its read state changes', async () => {
    const box = await freshMailbox();
    await sync(h, box);
    const item = (await storedItems(h.app, box.userId, box.integrationId)).find(
      (stored) => stored.metadata.mail_folder === 'inbox' && !stored.isRead,
    );
    if (!item?.emailMessageId) throw new Error('no unread inbox item');
    await markReadInOutlook(box, item.emailMessageId);

    const report = await sync(h, box);
    expect(report.criticalErrors).toBe(0);
    const after = (await storedItems(h.app, box.userId, box.integrationId)).find(
      (stored) => stored.id === item.id,
    );
    expect(after?.isRead).toBe(true);
    expect(after && content(after)).toEqual(content(item));
    expect(after?.subject).not.toBe('');
    expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
      await mailboxKeys(h.control, box.address),
    );
  });

  it('a message read in Ledgerdesk keeps its content when the change comes back as a partial item', async () => {
    const box = await freshMailbox();
    await sync(h, box);
    const item = (await storedItems(h.app, box.userId, box.integrationId)).find(
      (stored) => stored.metadata.mail_folder === 'inbox' && !stored.isRead,
    );
    if (!item?.emailMessageId) throw new Error('no unread inbox item');
    await setMessageReadState(
      { deps: h.app.mail, userId: box.userId },
      { integrationId: box.integrationId, messageId: item.emailMessageId, isRead: true },
    );
    await sync(h, box);
    const after = (await storedItems(h.app, box.userId, box.integrationId)).find(
      (stored) => stored.id === item.id,
    );
    expect(after?.isRead).toBe(true);
    expect(after && content(after)).toEqual(content(item));
  });
});
