import { threadsSearchParams } from '@ledgerdesk/domain/api/triage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTriageItems } from '../support/seed-triage';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';
import { listAllThreads, listedItemIds } from './triage-api';

describe.each(testDatabaseKinds)('triage search operators (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  const ids: Record<string, string> = {};
  const sorted = (list: (string | undefined)[]) => [...list].sort();

  beforeAll(async () => {
    t = await createTestApp(kind);
    const user = await signUp(t.app, 'operators@firm.example');
    cookie = user.cookie;
    const named = {
      acmeInvoice: {
        fromAddress: 'Priya Natarajan <priya@acme-dental.test>',
        subject: 'Invoice for March',
        time: '2026-03-10T09:00:00Z',
        metadata: { to: ['Sam <sam@firm.test>'], cc: ['books@firm.test'], has_attachments: true },
        previewContent: 'Year end figures attached',
      },
      acmeRead: {
        fromAddress: 'Priya Natarajan <priya@acme-dental.test>',
        subject: 'Re: engagement letter',
        time: '2026-02-01T00:00:00Z',
        isRead: true,
        metadata: { to: ['alex@firm.test'], has_attachments: false },
        previewContent: 'Draft of the engagement letter',
      },
      newsletter: {
        fromAddress: 'No Reply <noreply@newsletter.test>',
        subject: 'Monthly tax update',
        time: '2026-01-31T23:59:59Z',
        metadata: { to: ['sam@firm.test'] },
        previewContent: 'Year end deadlines',
      },
      later: {
        fromAddress: 'Omar <omar@northgate.test>',
        subject: 'Invoice query',
        status: 'later' as const,
        time: '2026-03-01T00:00:00Z',
      },
      cleared: {
        fromAddress: 'Omar <omar@northgate.test>',
        subject: 'Old invoice',
        status: 'cleared' as const,
        time: '2025-12-01T00:00:00Z',
      },
    };
    const entries = Object.entries(named);
    const inserted = await insertTriageItems(
      t.app.db,
      user.userId,
      entries.map(([, item]) => item),
    );
    entries.forEach(([name], index) => {
      ids[name] = inserted[index] as string;
    });
    const other = await signUp(t.app, 'other-operators@firm.example');
    await insertTriageItems(t.app.db, other.userId, [
      {
        fromAddress: 'priya@acme-dental.test',
        subject: 'Invoice for someone else',
        metadata: { has_attachments: true },
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const find = (q: string, view: 'inbox' | 'later' | 'cleared' = 'inbox') =>
    listedItemIds(t.app, cookie, { view, q }).then(sorted);

  it('narrows by sender, recipient and subject', async () => {
    expect(await find('from:acme-dental')).toEqual(sorted([ids.acmeInvoice, ids.acmeRead]));
    expect(await find('to:sam@')).toEqual(sorted([ids.acmeInvoice, ids.newsletter]));
    expect(await find('to:books')).toEqual([ids.acmeInvoice]);
    expect(await find('subject:"engagement letter"')).toEqual([ids.acmeRead]);
  });

  it('narrows by attachment and read state', async () => {
    expect(await find('has:attachment')).toEqual([ids.acmeInvoice]);
    // The main view holds Later items too.
    expect(await find('-has:attachment')).toEqual(sorted([ids.acmeRead, ids.newsletter, ids.later]));
    expect(await find('is:read')).toEqual([ids.acmeRead]);
    expect(await find('is:unread from:priya')).toEqual([ids.acmeInvoice]);
  });

  it('narrows by UTC calendar days: after includes its day, before excludes it', async () => {
    expect(await find('before:2026-02-01')).toEqual([ids.newsletter]);
    expect(await find('after:2026-02-01')).toEqual(sorted([ids.acmeInvoice, ids.acmeRead, ids.later]));
    expect(await find('after:2026-02-01 before:2026-03-01')).toEqual([ids.acmeRead]);
  });

  it('combines phrases, negation and plain words', async () => {
    expect(await find('"year end"')).toEqual(sorted([ids.acmeInvoice, ids.newsletter]));
    expect(await find('"year end" -from:noreply')).toEqual([ids.acmeInvoice]);
    expect(await find('-invoice')).toEqual(sorted([ids.acmeRead, ids.newsletter]));
    expect(await find('year end is:unread -tax')).toEqual([ids.acmeInvoice]);
  });

  it('searches another view with in:', async () => {
    expect(await find('in:later invoice')).toEqual([ids.later]);
    expect(await find('in:cleared from:omar')).toEqual([ids.cleared]);
    const { total } = await listAllThreads(t.app, cookie, { view: 'inbox', q: 'in:cleared' });
    expect(total).toBe(1);
  });

  it('keeps the plain search exactly as before', async () => {
    expect(await find('INVOICE FOR')).toEqual([ids.acmeInvoice]);
    expect(await find('label:none')).toEqual([]);
  });

  it.each([
    ['is:starred', 'q: is: takes is:unread or is:read.'],
    ['before:2026-13-01', 'q: before: needs a day written YYYY-MM-DD, e.g. before:2026-01-31.'],
    ['in:inbox', 'q: in: takes one of later, low-priority, scheduled, sent, cleared.'],
    ['from:', 'q: from: needs a value, e.g. from:acme.com.'],
  ])('answers 400 with what is wrong for %s', async (q, message) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/triage/threads?${threadsSearchParams({ view: 'inbox', q })}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });
});
