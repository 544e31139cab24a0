import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GMAIL_MAILBOX, DEFAULT_OFFICE365_MAILBOX, MAX_GENERATED_MESSAGES } from '../defaults';
import { createHarness, type Harness } from '../test-support/harness';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('control API', () => {
  it('reports health and the seeded mailboxes', async () => {
    expect((await h.control('GET', '/health')).json()).toEqual({ ok: true });
    for (const [address, provider] of [
      [DEFAULT_OFFICE365_MAILBOX, 'office365'],
      [DEFAULT_GMAIL_MAILBOX, 'gmail'],
    ] as const) {
      const summary = (await h.control('GET', `/mailboxes/${address}`)).json();
      expect(summary).toMatchObject({ address, provider });
      const { inbox, sent, archive } = summary.folders;
      expect(inbox.total + sent.total + archive.total).toBe(200);
      expect(inbox.total).toBeGreaterThan(90);
      expect(sent.total).toBeGreaterThan(25);
      expect(archive.total).toBeGreaterThan(25);
      const read = summary.messages.filter((m: { isRead: boolean }) => m.isRead).length;
      expect(read / 200).toBeGreaterThan(0.45);
      expect(read / 200).toBeLessThan(0.8);
      expect(Object.keys(summary.messages[0]).sort()).toEqual(
        [
          'folder',
          'from',
          'id',
          'immutableId',
          'isRead',
          'receivedDateTime',
          'subject',
          'threadId',
          'to',
        ].sort(),
      );
    }
  });

  it('generates the same content for a mailbox on every start', async () => {
    const other = await createHarness();
    const a = (await h.control('GET', `/mailboxes/${DEFAULT_GMAIL_MAILBOX}?limit=5`)).json();
    const b = (await other.control('GET', `/mailboxes/${DEFAULT_GMAIL_MAILBOX}?limit=5`)).json();
    await other.close();
    expect(b.messages.map((m: { id: string; subject: string }) => [m.id, m.subject])).toEqual(
      a.messages.map((m: { id: string; subject: string }) => [m.id, m.subject]),
    );
  });

  it('creates messages (threaded with inReplyTo), deletes them and 404s unknown mailboxes', async () => {
    const created = await h.control('POST', '/messages', {
      mailbox: DEFAULT_OFFICE365_MAILBOX,
      from: 'Sarah Okafor <sarah.okafor@brightwater-bakery.test>',
      to: DEFAULT_OFFICE365_MAILBOX,
      cc: ['priya.shah@harbourline-office365.test'],
      subject: 'Year-end question',
      html: '<p>Hello</p>',
      attachments: [
        { name: 'Accounts.pdf', size: 120_000 },
        { name: 'notes.txt', content: Buffer.from('hi').toString('base64') },
      ],
    });
    expect(created.statusCode).toBe(201);
    const { id, threadId } = created.json();
    const reply = await h.control('POST', '/messages', {
      mailbox: DEFAULT_OFFICE365_MAILBOX,
      folder: 'sent',
      from: DEFAULT_OFFICE365_MAILBOX,
      to: 'sarah.okafor@brightwater-bakery.test',
      subject: 'RE: Year-end question',
      text: 'Answer',
      inReplyTo: id,
    });
    expect(reply.json().threadId).toBe(threadId);
    const summary = (await h.control('GET', `/mailboxes/${DEFAULT_OFFICE365_MAILBOX}?limit=2`)).json();
    expect(summary.messages[1]).toMatchObject({
      id,
      folder: 'inbox',
      isRead: false,
      from: 'sarah.okafor@brightwater-bakery.test',
    });
    expect(summary.messages[0]).toMatchObject({ folder: 'sent', threadId });

    expect((await h.control('DELETE', `/messages/${id}`)).statusCode).toBe(204);
    expect((await h.control('DELETE', `/messages/${id}`)).statusCode).toBe(404);
    const missing = await h.control('POST', '/messages', {
      mailbox: 'nobody@x.test',
      from: 'a@b.test',
      to: 'c@d.test',
      subject: 's',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    expect((await h.control('POST', '/messages', { mailbox: DEFAULT_GMAIL_MAILBOX })).statusCode).toBe(400);
  });

  it('refuses to generate more than MAX_GENERATED_MESSAGES messages in one call', async () => {
    const response = await h.control('POST', '/mailboxes?limit=0', {
      address: 'huge@example.test',
      provider: 'gmail',
      messages: MAX_GENERATED_MESSAGES + 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      `messages must be an integer from 0 to ${MAX_GENERATED_MESSAGES}.`,
    );
  });

  it('creates a mailbox of MAX_GENERATED_MESSAGES messages in a few seconds', async () => {
    // CPU time rather than wall time: the suite often shares a busy machine.
    const cpu = process.cpuUsage();
    const response = await h.control('POST', '/mailboxes?limit=10', {
      address: 'big@example.test',
      provider: 'gmail',
      messages: MAX_GENERATED_MESSAGES,
    });
    const used = process.cpuUsage(cpu);
    const elapsed = (used.user + used.system) / 1000;
    expect(response.statusCode).toBe(201);
    const { folders } = response.json();
    expect(folders.inbox.total + folders.sent.total + folders.archive.total).toBe(MAX_GENERATED_MESSAGES);
    expect(elapsed).toBeLessThan(6000);
    const { accessToken } = await h.connect('gmail', { mailbox: 'big@example.test' });
    const profile = (await h.gmail('GET', '/profile', { token: accessToken })).json();
    expect(profile.messagesTotal).toBe(MAX_GENERATED_MESSAGES);
    await h.control('POST', '/mailboxes', { address: 'big@example.test', provider: 'gmail', messages: 0 });
  }, 30_000);

  it('expires old history ids when a mailbox is replaced', async () => {
    await h.control('POST', '/mailboxes', {
      address: 'replace@example.test',
      provider: 'gmail',
      messages: 10,
    });
    const { accessToken } = await h.connect('gmail', { mailbox: 'replace@example.test' });
    const before = (await h.gmail('GET', '/profile', { token: accessToken })).json().historyId;
    await h.control('POST', '/mailboxes', {
      address: 'replace@example.test',
      provider: 'gmail',
      messages: 10,
    });
    const stale = await h.gmail('GET', '/history', { token: accessToken, query: { startHistoryId: before } });
    expect(stale.statusCode).toBe(404);
    const after = (await h.gmail('GET', '/profile', { token: accessToken })).json().historyId;
    expect(Number(after)).toBeGreaterThan(Number(before));
  });

  it('resets to the seeded state', async () => {
    await h.control('POST', '/mailboxes', {
      address: 'temp@example.test',
      provider: 'office365',
      messages: 3,
    });
    await h.control('POST', '/faults', { provider: 'gmail', status: 500, count: 5 });
    const { accessToken } = await h.connect('gmail');
    expect((await h.control('POST', '/reset')).json()).toEqual({ ok: true });
    expect((await h.control('GET', '/mailboxes/temp@example.test')).statusCode).toBe(404);
    expect((await h.gmail('GET', '/profile', { token: accessToken })).statusCode).toBe(401);
    const fresh = await h.connect('gmail');
    expect((await h.gmail('GET', '/profile', { token: fresh.accessToken })).statusCode).toBe(200);
  });
});
