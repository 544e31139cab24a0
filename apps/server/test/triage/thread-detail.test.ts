import type { CountsResponse, ThreadContentResponse, ThreadResponse } from '@ledgerdesk/domain/api/triage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTriageItems } from '../support/seed-triage';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

const at = (minutesAgo: number) => new Date(Date.parse('2024-06-01T12:00:00Z') - minutesAgo * 60_000);

describe.each(testDatabaseKinds)('thread detail and counts (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let other: { cookie: string; userId: string };
  let ids: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const user = await signUp(t.app, 'detail@firm.example');
    cookie = user.cookie;
    ids = await insertTriageItems(t.app.db, user.userId, [
      { emailThreadId: 'conv/1+a=', subject: 'Re: Year end', fromAddress: 'Bob <bob@x.test>', time: at(10) },
      {
        emailThreadId: 'conv/1+a=',
        subject: 'Year end',
        fromAddress: 'Alice <alice@x.test>',
        time: at(30),
        previewContent: 'First',
      },
      {
        emailThreadId: 'conv/1+a=',
        subject: 'Re: Year end',
        fromAddress: 'alice@x.test',
        time: at(20),
        status: 'cleared',
      },
      {
        subject: 'Standalone',
        fromAddress: 'Carol <carol@x.test>',
        time: at(5),
        previewContent: 'Just this',
      },
      // Unread badge material: 2 main view (one of them Later), 1 archived by folder state, 1 scheduled, 1 draft.
      { status: 'later', time: at(40) },
      { status: 'scheduled', time: at(41) },
      { status: 'drafts', time: at(42) },
      { status: 'inbox', metadata: { exchange_folder_state: 'archived' }, time: at(43) },
      { status: 'inbox', isRead: true, time: at(44) },
      { status: 'sent', time: at(45) },
    ]);
    other = await signUp(t.app, 'detail-other@firm.example');
    await insertTriageItems(t.app.db, other.userId, [{ emailThreadId: 'conv/1+a=', subject: 'Theirs' }]);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'GET', url, headers });

  it('loads every item of a thread oldest first, whatever its status, with participants', async () => {
    const response = await get(`/api/triage/threads/${encodeURIComponent('conv/1+a=')}`);
    expect(response.statusCode).toBe(200);
    const { thread } = response.json() as ThreadResponse;
    expect(thread.items.map((item) => item.id)).toEqual([ids[1], ids[2], ids[0]]);
    expect(thread).toMatchObject({
      threadId: 'conv/1+a=',
      subject: 'Re: Year end',
      emailCount: 3,
      lastActivity: at(10).toISOString(),
      participants: [
        { name: 'Alice', address: 'alice@x.test' },
        { name: 'Bob', address: 'bob@x.test' },
      ],
    });
  });

  it('loads a single-<id> thread, and 404s a thread the user cannot see', async () => {
    const single = (await get(`/api/triage/threads/single-${ids[3]}`)).json() as ThreadResponse;
    expect(single.thread.items.map((item) => item.id)).toEqual([ids[3]]);
    const foreign = await get(`/api/triage/threads/${encodeURIComponent('conv/1+a=')}`, {
      cookie: other.cookie,
    });
    expect((foreign.json() as ThreadResponse).thread.items.map((item) => item.subject)).toEqual(['Theirs']);
    const missing = await get('/api/triage/threads/no-such-thread');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Email not found. It may have been moved or deleted.');
    const signedOut = await get('/api/triage/threads/no-such-thread', {});
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.message).toBe('Please log in to view email threads.');
  });

  it('gives items without mailbox ids their stored preview as content (Basic Triage Item)', async () => {
    const response = await get(`/api/triage/threads/${encodeURIComponent('conv/1+a=')}/content`);
    expect(response.statusCode).toBe(200);
    const content = response.json() as ThreadContentResponse;
    expect(content.threadError).toBeNull();
    expect(content.isTimedOut).toBe(false);
    expect(content.items.map((item) => item.itemId)).toEqual([ids[1], ids[2], ids[0]]);
    expect(content.items[0]).toMatchObject({
      outcome: 'fallback',
      error: null,
      email: {
        status: 'available',
        body: { content: 'First', contentType: 'text' },
        from: { name: 'Alice' },
      },
    });
    expect(response.headers.etag).toBeTruthy();
  });

  it('counts unread items for the Triage, Later, Scheduled and Drafts badges', async () => {
    const response = await get('/api/triage/counts');
    expect(response.statusCode).toBe(200);
    // Triage is the main view: the two unread inbox thread items, the standalone one, the Later and the
    // Scheduled one — not the cleared one, the one archived by folder state, the read one, sent or drafts.
    expect((response.json() as CountsResponse).counts).toEqual({
      triage: 5,
      later: 1,
      scheduled: 1,
      drafts: 1,
      shared: {},
    });
  });
});
