import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangePage, SyncStream } from '../../src/mail/core/provider';
import { createGmailAdapterHarness, type GmailAdapterHarness } from './support/gmail-adapter';

const SINCE = new Date(Date.now() - 30 * 86_400_000);

/** The history walk fetches only what changes a stored item: no database, the adapter against the sandbox. */
describe('Gmail history walk', () => {
  let h: GmailAdapterHarness;
  let stream: SyncStream;
  let cursor: string;
  const address = `history-${Date.now()}@firm.test`;

  beforeAll(async () => {
    h = await createGmailAdapterHarness(address, 12);
    const first = h.gmail.streams(['inbox', 'sent', 'archive'])[0];
    if (!first) throw new Error('no stream');
    stream = first;
  });
  afterAll(async () => h?.close());

  /** Reads every page of history since the stored cursor, and moves the cursor on. */
  async function readHistory(): Promise<ChangePage['changes']> {
    const changes: ChangePage['changes'] = [];
    for (;;) {
      const page = await h.gmail.listChanges(h.session, { stream, cursor, since: SINCE, pageSize: 100 });
      changes.push(...page.changes);
      cursor = page.cursor;
      if (page.isComplete) return changes;
    }
  }
  const modify = async (id: string, body: { addLabelIds?: string[]; removeLabelIds?: string[] }) => {
    const response = await fetch(`${h.config.apiUrl}/gmail/v1/users/me/messages/${id}/modify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  };

  it('skips labels Ledgerdesk does not keep, and knows a trashed message is gone without fetching it', async () => {
    const ids = await h.gmail.listIds(h.session, { folder: 'inbox', since: SINCE });
    const [starred, trashed, read] = ids;
    if (!starred || !trashed || !read) throw new Error('inbox too small');
    // The seed reads some messages at random: the one read below starts unread, before the cursor is taken.
    await modify(read, { addLabelIds: ['UNREAD'] });
    let page: ChangePage;
    let listing: string | null = null;
    do {
      page = await h.gmail.listChanges(h.session, { stream, cursor: listing, since: SINCE, pageSize: 100 });
      listing = page.cursor;
    } while (!page.isComplete);
    cursor = page.cursor;
    await modify(starred, { addLabelIds: ['STARRED', 'IMPORTANT'] });
    await modify(trashed, { addLabelIds: ['TRASH'], removeLabelIds: ['INBOX'] });
    await modify(read, { removeLabelIds: ['UNREAD'] });
    await modify(read, { addLabelIds: ['STARRED'] });
    const changes = await readHistory();
    const byId = new Map(
      changes.map((change) => [change.kind === 'upsert' ? change.message.id : change.id, change]),
    );
    expect(byId.has(starred)).toBe(false);
    expect(byId.get(trashed)).toEqual({ kind: 'deleted', id: trashed });
    expect(byId.get(read)).toMatchObject({
      kind: 'upsert',
      message: { id: read, isRead: true, folder: 'inbox' },
    });
  });

  it('asks history.list for the four kinds of record by name', async () => {
    const asked: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      asked.push(String(input instanceof Request ? input.url : input));
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      await readHistory();
    } finally {
      globalThis.fetch = realFetch;
    }
    const history = new URL(asked.find((url) => url.includes('/history?')) ?? 'http://none');
    expect(history.searchParams.getAll('historyTypes')).toEqual([
      'messageAdded',
      'messageDeleted',
      'labelAdded',
      'labelRemoved',
    ]);
  });
});
