import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GMAIL_MAILBOX, DEFAULT_OFFICE365_MAILBOX } from '../defaults';
import { createHarness, type Harness } from '../test-support/harness';

type DeltaItem = { id: string; '@removed'?: { reason: string } };
type DeltaPage = { value: DeltaItem[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string };

let h: Harness;
const IMMUTABLE = { prefer: 'IdType="ImmutableId", odata.maxpagesize=1000' };

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const deliver = async (mailbox: string, subject: string): Promise<string> => {
  const created = await h.control('POST', '/messages', {
    mailbox,
    from: 'Pat Client <pat@client.test>',
    to: [mailbox],
    subject,
    text: 'Hello',
  });
  expect(created.statusCode).toBe(201);
  const body = created.json() as { id: string; immutableId?: string };
  return body.immutableId ?? body.id;
};

describe('control: hide a message from changes (a change the provider lost)', () => {
  it('leaves the message out of Graph delta until it changes again, while listings and lookups see it', async () => {
    const { accessToken: token } = await h.connect('office365');
    const follow = async (link: string) => {
      const url = new URL(link);
      const answer = await h.call('GET', `${url.pathname}${url.search}`, { token, headers: IMMUTABLE });
      expect(answer.statusCode).toBe(200);
      return answer.json() as DeltaPage;
    };
    const roundFrom = async (first: DeltaPage) => {
      const items = [...first.value];
      let page = first;
      while (page['@odata.nextLink']) {
        page = await follow(page['@odata.nextLink']);
        items.push(...page.value);
      }
      return { items, deltaLink: page['@odata.deltaLink'] ?? '' };
    };
    const initial = await h.graph('GET', '/me/mailFolders/inbox/messages/delta', {
      token,
      headers: IMMUTABLE,
    });
    let { deltaLink } = await roundFrom(initial.json() as DeltaPage);

    const hidden = await deliver(DEFAULT_OFFICE365_MAILBOX, 'Hidden from delta');
    const shown = await deliver(DEFAULT_OFFICE365_MAILBOX, 'Shown in delta');
    const hide = await h.control('POST', `/messages/${hidden}/hide-from-changes`);
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toEqual({ ok: true, hidden: 1 });
    let round = await roundFrom(await follow(deltaLink));
    expect(round.items.map((item) => item.id)).toEqual([shown]);
    deltaLink = round.deltaLink;

    const listed = await h.graph('GET', '/me/mailFolders/inbox/messages', {
      token,
      headers: IMMUTABLE,
      query: { $select: 'id', $top: '1000' },
    });
    expect((listed.json() as { value: DeltaItem[] }).value.map((item) => item.id)).toContain(hidden);
    const lookup = await h.graph('GET', `/me/messages/${hidden}`, { token, headers: IMMUTABLE });
    expect(lookup.statusCode).toBe(200);

    // A later change shows as usual; a deletion hidden afterwards is lost too.
    await h.graph('PATCH', `/me/messages/${hidden}`, { token, headers: IMMUTABLE, body: { isRead: true } });
    round = await roundFrom(await follow(deltaLink));
    expect(round.items.map((item) => item.id)).toEqual([hidden]);
    deltaLink = round.deltaLink;
    expect((await h.control('DELETE', `/messages/${shown}`)).statusCode).toBe(204);
    expect((await h.control('POST', `/messages/${shown}/hide-from-changes`)).statusCode).toBe(200);
    round = await roundFrom(await follow(deltaLink));
    expect(round.items).toEqual([]);
  });

  it('leaves the message out of Gmail history until it changes again, while messages.list sees it', async () => {
    const { accessToken: token } = await h.connect('gmail');
    const get = async (path: string, query: Record<string, string> = {}) => {
      const answer = await h.gmail('GET', path, { token, query });
      expect(answer.statusCode).toBe(200);
      return answer.json() as {
        historyId: string;
        history?: Array<{ messages?: Array<{ id: string }> }>;
        messages?: Array<{ id: string }>;
      };
    };
    const idsIn = (answer: Awaited<ReturnType<typeof get>>) => [
      ...new Set((answer.history ?? []).flatMap((entry) => (entry.messages ?? []).map((m) => m.id))),
    ];
    let start = (await get('/profile')).historyId;
    const hidden = await deliver(DEFAULT_GMAIL_MAILBOX, 'Hidden from history');
    const shown = await deliver(DEFAULT_GMAIL_MAILBOX, 'Shown in history');
    expect((await h.control('POST', `/messages/${hidden}/hide-from-changes`)).json()).toEqual({
      ok: true,
      hidden: 1,
    });
    let history = await get('/history', { startHistoryId: start });
    expect(idsIn(history)).toEqual([shown]);
    start = history.historyId;
    const listed = await get('/messages', { q: 'in:inbox newer_than:1d', maxResults: '500' });
    expect((listed.messages ?? []).map((message) => message.id)).toContain(hidden);

    await h.gmail('POST', `/messages/${hidden}/modify`, { token, body: { removeLabelIds: ['UNREAD'] } });
    history = await get('/history', { startHistoryId: start });
    expect(idsIn(history)).toEqual([hidden]);
    start = history.historyId;
    await h.control('DELETE', `/messages/${shown}`);
    await h.control('POST', `/messages/${shown}/hide-from-changes`);
    expect(idsIn(await get('/history', { startHistoryId: start }))).toEqual([]);
  });

  it('answers 404 for an id no mailbox ever had', async () => {
    const answer = await h.control('POST', '/messages/no-such-message/hide-from-changes');
    expect(answer.statusCode).toBe(404);
  });
});
