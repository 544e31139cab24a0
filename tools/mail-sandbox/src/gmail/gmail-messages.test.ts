import type { gmail_v1 } from '@googleapis/gmail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GMAIL_MAILBOX } from '../defaults';
import { createHarness, type Harness } from '../test-support/harness';

let h: Harness;
let token = '';

beforeAll(async () => {
  h = await createHarness();
  token = (await h.connect('gmail')).accessToken;
});
afterAll(() => h.close());

const get = async (path: string, query?: Record<string, string>) =>
  (await h.gmail('GET', path, { token, ...(query ? { query } : {}) })).json();

describe('Gmail messages', () => {
  it('lists newest first with paging, q and labelIds', async () => {
    const first = await get('/messages', { maxResults: '30', q: 'in:inbox newer_than:31d' });
    expect(first.messages).toHaveLength(30);
    expect(first.nextPageToken).toBeTruthy();
    expect(first.resultSizeEstimate).toBeGreaterThan(90);
    const second = await get('/messages', {
      maxResults: '30',
      q: 'in:inbox newer_than:31d',
      pageToken: first.nextPageToken,
    });
    const ids = new Set([...first.messages, ...second.messages].map((m: gmail_v1.Schema$Message) => m.id));
    expect(ids.size).toBe(60);

    const unread = await get('/messages', { labelIds: 'UNREAD', maxResults: '500' });
    const unreadQ = await get('/messages', { q: 'is:unread', maxResults: '500' });
    expect(unread.resultSizeEstimate).toBe(unreadQ.resultSizeEstimate);
    const notInbox = await get('/messages', { q: '-in:inbox -in:sent', maxResults: '500' });
    expect(notInbox.resultSizeEstimate).toBeGreaterThan(10);
    const future = await get('/messages', { q: `after:${Math.floor(Date.now() / 1000) + 3600}` });
    expect(future).toEqual({ resultSizeEstimate: 0 });
  });

  it('gets a message as full, metadata, minimal and raw', async () => {
    const [ref] = (await get('/messages', { q: 'has:attachment', maxResults: '1' })).messages;
    const full: gmail_v1.Schema$Message = await get(`/messages/${ref.id}`);
    expect(full.payload?.mimeType).toBe('multipart/mixed');
    const headers = new Map(full.payload?.headers?.map((header) => [header.name, header.value]));
    for (const name of ['From', 'To', 'Subject', 'Date', 'Message-ID'])
      expect(headers.get(name)).toBeTruthy();
    const attachment = full.payload?.parts?.find((part) => part.filename);
    expect(attachment?.body?.attachmentId).toBeTruthy();
    expect(attachment?.body?.size).toBeGreaterThan(10_000);
    expect(full).toMatchObject({ id: ref.id, threadId: ref.threadId });
    expect(Number(full.internalDate)).toBeGreaterThan(Date.now() - 31 * 86_400_000);
    expect(full.historyId).toMatch(/^\d+$/);

    const data = await get(`/messages/${ref.id}/attachments/${attachment?.body?.attachmentId}`);
    expect(Buffer.from(data.data, 'base64url').length).toBe(attachment?.body?.size);

    const metadata = await get(`/messages/${ref.id}`, { format: 'metadata', metadataHeaders: 'Subject' });
    expect(metadata.payload.headers).toEqual([{ name: 'Subject', value: headers.get('Subject') }]);
    const minimal = await get(`/messages/${ref.id}`, { format: 'minimal' });
    expect(minimal.payload).toBeUndefined();
    expect(minimal.snippet).toBeTruthy();
    const raw = await get(`/messages/${ref.id}`, { format: 'raw' });
    const text = Buffer.from(raw.raw, 'base64url').toString('utf8');
    expect(text).toContain(`Message-ID: ${headers.get('Message-ID')}`);
    expect(text).toMatch(/Content-Type: multipart\/mixed; boundary=/);
  });

  it('answers 404 notFound for an unknown message', async () => {
    const response = await h.gmail('GET', '/messages/ffffffffffffffff', { token });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({
      code: 404,
      status: 'NOT_FOUND',
      errors: [{ reason: 'notFound' }],
    });
  });

  it('archives by removing INBOX and records label history', async () => {
    const profile = await get('/profile');
    expect(profile.emailAddress).toBe(DEFAULT_GMAIL_MAILBOX);
    const [ref] = (await get('/messages', { labelIds: 'INBOX', maxResults: '1' })).messages;
    const modified = await h.gmail('POST', `/messages/${ref.id}/modify`, {
      token,
      body: { removeLabelIds: ['INBOX', 'UNREAD'] },
    });
    expect(modified.json().labelIds).not.toContain('INBOX');
    const history = await get('/history', { startHistoryId: profile.historyId });
    expect(history.history).toHaveLength(1);
    expect(history.history[0].labelsRemoved[0].message.id).toBe(ref.id);
    expect(Number(history.historyId)).toBeGreaterThan(Number(profile.historyId));
    const onlyAdded = await get('/history', {
      startHistoryId: profile.historyId,
      historyTypes: 'messageAdded',
    });
    expect(onlyAdded.history).toBeUndefined();

    await h.gmail('POST', '/messages/batchModify', {
      token,
      body: { ids: [ref.id], addLabelIds: ['INBOX'] },
    });
    const bad = await h.gmail('POST', `/messages/${ref.id}/modify`, {
      token,
      body: { addLabelIds: ['SENT'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('reports added and deleted messages in history, and 404 for expired start ids', async () => {
    const start = (await get('/profile')).historyId;
    const created = await h.control('POST', '/messages', {
      mailbox: DEFAULT_GMAIL_MAILBOX,
      from: 'Grace Allen <grace.allen@bluebell-florists.test>',
      to: [DEFAULT_GMAIL_MAILBOX],
      subject: 'Invoice query',
      html: '<p>Hi</p>',
    });
    await h.gmail('POST', `/messages/${created.json().id}/trash`, { token });
    await h.control('DELETE', `/messages/${created.json().id}`);
    const history = await get('/history', { startHistoryId: start });
    const kinds = history.history.map(
      (entry: gmail_v1.Schema$History) => Object.keys(entry).filter((k) => k !== 'id' && k !== 'messages')[0],
    );
    expect(kinds).toEqual(['messagesAdded', 'labelsAdded', 'messagesDeleted']);
    expect(history.history[0].messagesAdded[0].message).toMatchObject({
      id: created.json().id,
      labelIds: expect.arrayContaining(['INBOX', 'UNREAD']),
    });

    const paged = await get('/history', { startHistoryId: start, maxResults: '1' });
    expect(paged.history).toHaveLength(1);
    const next = await get('/history', {
      startHistoryId: start,
      maxResults: '5',
      pageToken: paged.nextPageToken,
    });
    expect(next.history).toHaveLength(2);

    await h.control('POST', `/mailboxes/${DEFAULT_GMAIL_MAILBOX}/expire-cursors`);
    const expired = await h.gmail('GET', '/history', { token, query: { startHistoryId: start } });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({
      error: {
        code: 404,
        message: 'Requested entity was not found.',
        errors: [{ message: 'Requested entity was not found.', domain: 'global', reason: 'notFound' }],
        status: 'NOT_FOUND',
      },
    });
    const fresh = (await get('/profile')).historyId;
    expect((await h.gmail('GET', '/history', { token, query: { startHistoryId: fresh } })).statusCode).toBe(
      200,
    );
  });

  it('returns a thread with its messages oldest first', async () => {
    const [ref] = (await get('/messages', { q: 'subject:re', maxResults: '1' })).messages;
    const thread = await get(`/threads/${ref.threadId}`, { format: 'minimal' });
    expect(thread.messages.length).toBeGreaterThan(1);
    const dates = thread.messages.map((m: gmail_v1.Schema$Message) => Number(m.internalDate));
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
    expect(thread.messages[0].id).toBe(ref.threadId);
  });
});
