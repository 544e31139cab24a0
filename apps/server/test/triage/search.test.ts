import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTriageItems } from '../support/seed-triage';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';
import { listAllThreads, listedItemIds } from './triage-api';

describe.each(testDatabaseKinds)('triage search (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    const user = await signUp(t.app, 'search@firm.example');
    cookie = user.cookie;
    const named = {
      subject: { subject: 'Budget QX-Subject review' },
      sender: { fromAddress: 'Carol <carol@Zeta-Sender.io>' },
      messageId: { emailMessageId: 'MSG-UNIQUE-77' },
      threadId: { emailThreadId: 'TH-SEARCH-88' },
      preview: { previewContent: 'Please see the Plumtree figures' },
      references: { extractedReferences: '<ref-xyz-99@mail.example>' },
      metadata: { metadata: { note: 'Metadata-Kiwi' } },
      percent: { subject: 'Progress: 100% done' },
      archived: { subject: 'Archived QX-Subject copy', status: 'cleared' as const },
    };
    const entries = Object.entries(named);
    const inserted = await insertTriageItems(t.app.db, user.userId, [
      ...entries.map(([, item]) => item),
      ...Array.from({ length: 30 }, (_, i) => ({ subject: `Filler ${i}` })),
    ]);
    entries.forEach(([name], index) => {
      ids[name] = inserted[index] as string;
    });
    const other = await signUp(t.app, 'other-search@firm.example');
    await insertTriageItems(t.app.db, other.userId, [{ subject: 'Budget QX-Subject of someone else' }]);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['subject', 'qx-subject'],
    ['sender', 'ZETA-sender.IO'],
    ['messageId', 'msg-unique-77'],
    ['threadId', 'th-search-88'],
    ['preview', 'PLUMTREE'],
    ['references', 'REF-XYZ-99'],
    ['metadata', 'metadata-kiwi'],
  ])('finds by %s, case-insensitively, only the user own items in the view', async (field, q) => {
    expect(await listedItemIds(t.app, cookie, { view: 'inbox', q })).toEqual([ids[field]]);
  });

  it('searches within the view: the cleared copy shows in Cleared only', async () => {
    expect(await listedItemIds(t.app, cookie, { view: 'cleared', q: 'QX-Subject' })).toEqual([ids.archived]);
  });

  it('takes LIKE wildcards literally', async () => {
    expect(await listedItemIds(t.app, cookie, { view: 'inbox', q: '100%' })).toEqual([ids.percent]);
    expect(await listedItemIds(t.app, cookie, { view: 'inbox', q: '%' })).toEqual([ids.percent]);
    expect(await listedItemIds(t.app, cookie, { view: 'inbox', q: 'QX_Subject' })).toEqual([]);
  });

  it('counts matching items and pages the results', async () => {
    const { groups, total, pages } = await listAllThreads(t.app, cookie, {
      view: 'inbox',
      q: 'filler',
      limit: 7,
    });
    expect(total).toBe(30);
    expect(groups).toHaveLength(30);
    expect(pages).toBe(5);
    expect(new Set(groups.map((group) => group.id)).size).toBe(30);
  });

  it('treats a blank search as no search', async () => {
    const { total } = await listAllThreads(t.app, cookie, { view: 'inbox', q: '   ' });
    expect(total).toBe(38);
  });
});
