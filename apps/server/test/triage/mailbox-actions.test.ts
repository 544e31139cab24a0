import type {
  BulkUpdateResponse,
  ItemUpdateResponse,
  ThreadContentResponse,
  TriageItemDto,
} from '@ledgerdesk/domain/api/triage';
import type { Provider } from '@ledgerdesk/domain/entities';
import { ARCHIVE_ERRORS } from '@ledgerdesk/domain/mail/archive-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncIntegration } from '../../src/mail/mail-service';
import { connectMailbox, createMailHarness, type MailHarness, signUp } from '../mail/support/mail-harness';
import { testDatabaseKinds } from '../support/test-database';
import { itemSnapshot, listThreads } from './triage-api';

type SandboxMessage = { id: string; threadId: string; folder: string; subject: string; isRead: boolean };

// Clear, restore, read state and thread content through a sandbox mailbox of each provider.
describe.each(testDatabaseKinds)('triage actions reach the mailbox (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  });
  afterAll(async () => h?.close());

  let mailboxes = 0;
  async function connectedMailbox(provider: Provider, options: { archiveFolder?: boolean } = {}) {
    mailboxes += 1;
    const address = `actions-${mailboxes}-${provider}@firm.test`;
    await h.control('POST', '/mailboxes', { address, provider, messages: 0, ...options });
    const first = await h.control<{ id: string }>('POST', '/messages', {
      mailbox: address,
      from: 'Olivia Hart <olivia@client.test>',
      to: [address],
      subject: 'VAT return questions',
      receivedDateTime: new Date(Date.now() - 3_600_000).toISOString(),
      html: '<p>Can we talk about the <b>VAT</b> return?</p>',
    });
    await h.control('POST', '/messages', {
      mailbox: address,
      from: 'Olivia Hart <olivia@client.test>',
      to: [address],
      subject: 'Re: VAT return questions',
      text: 'One more thing.',
      receivedDateTime: new Date(Date.now() - 1_800_000).toISOString(),
      inReplyTo: first.id,
    });
    for (const subject of ['Payroll for May', 'Invoice 1042', 'Board pack']) {
      await h.control('POST', '/messages', {
        mailbox: address,
        from: 'ap@supplier.test',
        to: [address],
        subject,
        text: subject,
      });
    }
    const owner = await signUp(h.app, `owner-${address}`);
    const integrationId = await connectMailbox(h.app, owner.cookie, provider, address);
    const report = await syncIntegration({ deps: h.app.mail, userId: owner.userId }, { integrationId });
    expect(report.criticalErrors).toBe(0);
    const page = await listThreads(h.app, owner.cookie, { view: 'inbox' });
    const items = page.groups.flatMap((group) => group.emails);
    const bySubject = (subject: string) => items.find((item) => item.subject === subject) as TriageItemDto;
    const messages = async () =>
      (await h.control<{ messages: SandboxMessage[] }>('GET', `/mailboxes/${encodeURIComponent(address)}`))
        .messages;
    return { address, ...owner, integrationId, page, bySubject, messages };
  }

  const patch = (cookie: string, id: string, payload: object) =>
    h.app.inject({ method: 'PATCH', url: `/api/triage/items/${id}`, headers: { cookie }, payload });
  /** The answer comes first; the outbox pushes the change right after (decision 010). */
  const pushed = () => h.app.outbox.idle();

  /** Whether the item's stored message id still reaches its message (providers may renumber a moved one). */
  async function loadsFromMailbox(cookie: string, item: TriageItemDto): Promise<boolean> {
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/triage/threads/${encodeURIComponent(item.emailThreadId ?? '')}/content`,
      headers: { cookie },
    });
    const content = response.json() as ThreadContentResponse;
    return content.items.find((entry) => entry.itemId === item.id)?.outcome === 'loaded';
  }

  it.each(['office365', 'gmail'] as const)(
    '%s: loads a thread message by message, then answers 304 when unchanged',
    async (provider) => {
      const box = await connectedMailbox(provider);
      const thread = box.page.groups.find((group) => group.subject === 'Re: VAT return questions');
      expect(thread?.itemCount).toBe(2);
      const url = `/api/triage/threads/${encodeURIComponent(thread?.id ?? '')}/content`;
      const response = await h.app.inject({ method: 'GET', url, headers: { cookie: box.cookie } });
      expect(response.statusCode).toBe(200);
      const content = response.json() as ThreadContentResponse;
      expect(content.threadError).toBeNull();
      expect(content.items.map((item) => item.outcome)).toEqual(['loaded', 'loaded']);
      expect(content.items[0]?.email?.body.content).toContain('<b>VAT</b>');
      expect(content.items[1]?.email?.body.content).toContain('One more thing.');
      const etag = response.headers.etag as string;
      const again = await h.app.inject({
        method: 'GET',
        url,
        headers: { cookie: box.cookie, 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
    },
  );

  it.each(['office365', 'gmail'] as const)(
    '%s: clear archives in the mailbox, move to inbox brings it back, read state follows',
    async (provider) => {
      const box = await connectedMailbox(provider);
      const item = box.bySubject('Payroll for May');
      const cleared = await patch(box.cookie, item.id, { status: 'cleared' });
      expect(cleared.statusCode).toBe(200);
      const clearedBody = cleared.json() as ItemUpdateResponse;
      expect(clearedBody).toMatchObject({ mailbox: 'archived', notice: null });
      expect(clearedBody.item.status).toBe('cleared');
      expect(clearedBody.item.metadata.exchange_folder_state).toBe('archive');
      await pushed();
      let message = (await box.messages()).find((m) => m.subject === 'Payroll for May');
      expect(message?.folder).toBe('archive');
      // The item follows the message if the provider gave it a new id on the move.
      expect(await loadsFromMailbox(box.cookie, clearedBody.item)).toBe(true);

      const restored = (await patch(box.cookie, item.id, { status: 'inbox' })).json() as ItemUpdateResponse;
      expect(restored).toMatchObject({ mailbox: 'unarchived', notice: null });
      expect(restored.item.metadata.exchange_folder_state).toBeUndefined();
      await pushed();
      message = (await box.messages()).find((m) => m.subject === 'Payroll for May');
      expect(message?.folder).toBe('inbox');
      expect(await loadsFromMailbox(box.cookie, restored.item)).toBe(true);

      const read = (await patch(box.cookie, item.id, { isRead: true })).json() as ItemUpdateResponse;
      expect(read.mailbox).toBe('read-state-synced');
      await pushed();
      expect((await box.messages()).find((m) => m.subject === 'Payroll for May')?.isRead).toBe(true);
    },
  );

  it.each(['office365', 'gmail'] as const)('%s: bulk clear archives every message', async (provider) => {
    const box = await connectedMailbox(provider);
    const ids = ['Invoice 1042', 'Board pack'].map((subject) => box.bySubject(subject).id);
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/triage/items/bulk-update',
      headers: { cookie: box.cookie },
      payload: { ids, patch: { status: 'cleared' } },
    });
    const body = response.json() as BulkUpdateResponse;
    expect(body).toMatchObject({ updated: 2, failed: [], localOnlyIds: [], notice: null });
    await pushed();
    const folders = (await box.messages()).filter((m) => ['Invoice 1042', 'Board pack'].includes(m.subject));
    expect(folders.map((m) => m.folder)).toEqual(['archive', 'archive']);
  });

  it('office365 without an Archive folder: the clear is taken, refused by the mailbox, put back and announced', async () => {
    const box = await connectedMailbox('office365', { archiveFolder: false });
    const notices: unknown[] = [];
    const stopListening = await h.database.listen('ledgerdesk_user_notices', (payload) =>
      notices.push(JSON.parse(payload)),
    );
    try {
      const item = box.bySubject('Board pack');
      const before = await itemSnapshot(h.app, box.userId, item.id);
      const single = await patch(box.cookie, item.id, { status: 'cleared' });
      expect(single.statusCode).toBe(200);
      expect((single.json() as ItemUpdateResponse).item.status).toBe('cleared');
      await pushed();
      const reverted = await itemSnapshot(h.app, box.userId, item.id);
      expect(reverted.status).toBe(before.status);
      expect(reverted.metadata).toMatchObject({
        mailbox_change_failed: {
          title: ARCHIVE_ERRORS.ArchiveFolderMissing.title,
          description: ARCHIVE_ERRORS.ArchiveFolderMissing.description,
        },
      });
      await expect.poll(() => notices.length).toBe(1);
      expect(notices[0]).toMatchObject({
        kind: 'mailbox-change-failed',
        userId: box.userId,
        title: 'Archive Folder Missing',
        description: ARCHIVE_ERRORS.ArchiveFolderMissing.description,
        count: 1,
        itemIds: [item.id],
      });

      const other = box.bySubject('Invoice 1042');
      const bulk = await h.app.inject({
        method: 'POST',
        url: '/api/triage/items/bulk-update',
        headers: { cookie: box.cookie },
        payload: { ids: [item.id, other.id], patch: { status: 'cleared' } },
      });
      const body = bulk.json() as BulkUpdateResponse;
      expect(body.updated).toBe(2);
      await pushed();
      expect((await itemSnapshot(h.app, box.userId, item.id)).status).toBe(before.status);
      expect((await itemSnapshot(h.app, box.userId, other.id)).status).toBe(before.status);
      await expect.poll(() => notices.length).toBe(2);
      expect(notices[1]).toMatchObject({ title: 'Archive Folder Missing', count: 2 });
      expect((await box.messages()).every((m) => m.folder !== 'archive')).toBe(true);
    } finally {
      await stopListening();
    }
  });

  it('a revoked mailbox: content fails as expired access, never retried, and the thread says so', async () => {
    const box = await connectedMailbox('gmail');
    await h.control('POST', `/mailboxes/${encodeURIComponent(box.address)}/revoke`);
    const item = box.bySubject('Board pack');
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/triage/threads/${encodeURIComponent(item.emailThreadId ?? '')}/content`,
      headers: { cookie: box.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const content = response.json() as ThreadContentResponse;
    expect(content.items[0]).toMatchObject({
      outcome: 'failed',
      error: { code: 'EmailAccountExpired', isRetryable: false },
    });
    expect(content.threadError).toMatchObject({
      code: 'TokenExpired',
      title: 'Failed to Load Thread',
      message: 'Your email account access has expired. Please refresh your token in Email Settings.',
      isRetryable: false,
    });
  });
});
