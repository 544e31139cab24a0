import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withUser } from '../../src/db/with-user';
import type { SyncedMessage } from '../../src/mail/core/provider';
import { applyChanges, UNSTORABLE_SUBJECT } from '../../src/mail/sync/apply-changes';
import { loadRowContext } from '../../src/mail/sync/row-context';
import { testDatabaseKinds } from '../support/test-database';
import { connectFreshMailbox, integrationRow, sync } from './support/mail-fixtures';
import { callFunction, createMailHarness, type MailHarness } from './support/mail-harness';
import { storedItems } from './support/mailbox-compare';

const PROVIDERS = ['office365', 'gmail'] as const;
const NUL = '\u0000';

describe.each(testDatabaseKinds)('poison-proof sync (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  }, 120_000);
  afterAll(async () => h?.close());

  it('keeps a message the database refuses as a per-message error while the rest of the page is stored', async () => {
    const box = await connectFreshMailbox(h, 'gmail', { messages: 1 });
    const context = await loadRowContext({ deps: h.app.mail, userId: box.userId }, box.integrationId);
    const message = (id: string, receivedAt: string): SyncedMessage => ({
      id,
      threadId: id,
      internetMessageId: `${id}@client.test`,
      subject: `Subject ${id}`,
      from: { name: 'Pat', address: 'pat@client.test' },
      to: [],
      cc: [],
      receivedAt,
      isRead: false,
      folder: 'inbox',
      bodyText: 'body',
      hasAttachments: false,
      references: [],
      automation: null,
    });
    const page = [
      message('good-1', '2026-01-02T10:00:00Z'),
      message('bad-date', 'not a date'),
      message('good-2', '2026-01-02T11:00:00Z'),
    ].map((m) => ({ kind: 'upsert' as const, message: m }));
    const counts = await withUser(h.app.db, box.userId, (tx) => applyChanges(tx, context, page, null));
    expect(counts).toMatchObject({ inserted: 2, failed: 1 });
    expect(counts.failureMessage).toContain('bad-date');
    const items = await storedItems(h.app, box.userId, box.integrationId);
    const bad = items.find((item) => item.emailMessageId === 'bad-date');
    expect(bad).toMatchObject({ subject: UNSTORABLE_SUBJECT, syncErrorCount: 1 });
    expect(bad?.syncErrorMessage).toContain('could not be stored');
    expect(items.filter((item) => item.emailMessageId?.startsWith('good-'))).toHaveLength(2);
    // The next attempt fails again and counts; a corrected message repairs the item.
    await withUser(h.app.db, box.userId, (tx) => applyChanges(tx, context, [page[1] as never], null));
    expect(
      (await storedItems(h.app, box.userId, box.integrationId)).find((i) => i.emailMessageId === 'bad-date')
        ?.syncErrorCount,
    ).toBe(2);
    const fixed = { kind: 'upsert' as const, message: message('bad-date', '2026-01-02T12:00:00Z') };
    await withUser(h.app.db, box.userId, (tx) => applyChanges(tx, context, [fixed], null));
    const repaired = (await storedItems(h.app, box.userId, box.integrationId)).find(
      (item) => item.emailMessageId === 'bad-date',
    );
    expect(repaired).toMatchObject({
      subject: 'Subject bad-date',
      syncErrorCount: 0,
      syncErrorMessage: null,
    });
  });

  describe.each(PROVIDERS)('%s', (provider) => {
    it('stores a message with U+0000 and lone surrogates everywhere, keeps syncing, and reset completes', async () => {
      const box = await connectFreshMailbox(h, provider, { messages: 8 });
      await h.control('POST', '/messages', {
        mailbox: box.address,
        from: `Eve${NUL} Null <eve@client.test>`,
        to: [box.address],
        subject: `Invoice${NUL} 42 \ud800 overdue`,
        text: `Hello${NUL} there, please pay \udc00 now`,
        html: `<p>Hello${NUL} <b>there</b></p>`,
      });
      const first = await sync(h, box);
      expect(first.criticalErrors, first.errorMessage ?? '').toBe(0);
      const items = await storedItems(h.app, box.userId, box.integrationId);
      const poisoned = items.find((item) => (item.subject ?? '').startsWith('Invoice 42'));
      expect(poisoned?.subject ?? '').toBe('Invoice 42 \ufffd overdue');
      expect(poisoned?.fromAddress).toBe('Eve Null <eve@client.test>');
      expect(poisoned?.previewContent).not.toContain(NUL);
      expect(items.length).toBeGreaterThanOrEqual(8);

      const content = await callFunction(h.app, box.cookie, 'fetch-email-content', {
        email_integration_id: box.integrationId,
        email_message_id: poisoned?.emailMessageId,
      });
      expect(content.statusCode, content.body).toBe(200);
      expect(content.body).not.toContain('\\u0000');

      await h.control('POST', '/messages', {
        mailbox: box.address,
        from: 'pat@client.test',
        to: [box.address],
        subject: 'After the poison',
        text: 'still arriving',
      });
      const second = await sync(h, box);
      expect(second.criticalErrors, second.errorMessage ?? '').toBe(0);
      expect((await storedItems(h.app, box.userId, box.integrationId)).map((i) => i.subject)).toContain(
        'After the poison',
      );
      expect((await integrationRow(h.app, box)).metadata.sync_error_count ?? 0).toBe(0);

      const reset = await callFunction(h.app, box.cookie, 'enhanced-full-resync-emails', {
        integrationId: box.integrationId,
      });
      expect(reset.statusCode, reset.body).toBe(200);
    });
  });
});
