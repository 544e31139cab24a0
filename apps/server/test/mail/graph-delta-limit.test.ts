import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findIntegration } from '../../src/mail/core/integration-store';
import type { ChangePage, SyncedMessage } from '../../src/mail/core/provider';
import { SYNC_POLICY } from '../../src/mail/core/transport/retry-policy';
import { providerFor } from '../../src/mail/providers';
import { openProviderSession } from '../../src/mail/sessions';
import { connectFreshMailbox, mailboxSummary } from './support/mail-fixtures';
import { createMailHarness, type MailHarness } from './support/mail-harness';

// "Applying $filter in a delta query returns only up to 5,000 messages" (Graph, delta-query-messages.md).
const DELTA_FILTER_LIMIT = 5000;
const second = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
const key = (message: { subject: string; receivedDateTime?: string; receivedAt?: string }) =>
  `${message.subject}|${second(message.receivedDateTime ?? message.receivedAt ?? '')}`;

// The adapter is driven page by page as the sync engine drives it, without the database: the engine's part
// (writing pages, the listing marker) is covered by provider-sync.test.ts; this is about what Graph answers.
describe('Graph first sync of a folder past the delta limit', () => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness('pglite');
  });
  afterAll(async () => h?.close());

  it('lists every Inbox message in the window when the filtered delta stops at 5,000, then goes on with its deltaLink', async () => {
    const box = await connectFreshMailbox(h, 'office365', { messages: 10_000 });
    const summary = await mailboxSummary(h, box.address);
    const since = new Date(Date.now() - 60 * 86_400_000);
    const inbox = summary.messages.filter((message) => message.folder === 'inbox');
    expect(inbox.length).toBeGreaterThan(DELTA_FILTER_LIMIT);

    const ctx = { deps: h.app.mail, userId: box.userId };
    const integration = await findIntegration(ctx, box.integrationId);
    if (!integration) throw new Error('integration missing');
    const session = openProviderSession(ctx, integration, { policy: SYNC_POLICY });
    const provider = providerFor(h.app.mail, 'office365');
    const [stream] = provider.streams(['inbox']);
    if (!stream) throw new Error('no inbox stream');
    const listPage = (cursor: string | null) =>
      provider.listChanges(session, { stream, cursor, since, pageSize: 1000 });

    const seen = new Map<string, SyncedMessage>();
    let cursor: string | null = null;
    let page: ChangePage;
    let pages = 0;
    do {
      page = await listPage(cursor);
      for (const change of page.changes)
        if (change.kind === 'upsert') seen.set(change.message.id, change.message);
      cursor = page.cursor;
      pages++;
    } while (!page.isComplete && pages < 100);

    expect(page.isComplete).toBe(true);
    expect([...seen.values()].map(key).sort()).toEqual(inbox.map(key).sort());
    expect([...seen.values()].every((message) => message.folder === 'inbox' && message.subject)).toBe(true);
    expect(cursor).toMatch(/^https?:\/\/.*\$deltatoken=/);

    await h.control('POST', '/messages', {
      mailbox: box.address,
      from: 'Dana Client <dana@client.test>',
      to: [box.address],
      subject: 'Signed engagement letter',
      text: 'Signed and attached.',
    });
    const next = await listPage(cursor);
    expect(next.isComplete).toBe(true);
    expect(
      next.changes.map((change) => (change.kind === 'upsert' ? change.message.subject : change.kind)),
    ).toEqual(['Signed engagement letter']);
  }, 180_000);
});
