import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, PUBLIC_URL } from '../test-support/harness';

type DeltaItem = { id: string; subject?: string; isRead?: boolean; '@removed'?: { reason: string } };
type DeltaPage = { value: DeltaItem[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string };

let h: Harness;
let token = '';
const IMMUTABLE = { prefer: 'IdType="ImmutableId"' };

beforeAll(async () => {
  h = await createHarness();
  token = (await h.connect('office365')).accessToken;
});
afterAll(() => h.close());

async function follow(
  link: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; page: DeltaPage }> {
  expect(link.startsWith(`${PUBLIC_URL}/graph/v1.0/`)).toBe(true);
  const url = new URL(link);
  const response = await h.call('GET', `${url.pathname}${url.search}`, { token, headers });
  return { status: response.statusCode, page: response.json() };
}

/** Runs a full round (all nextLinks) and returns the items and the final deltaLink. */
async function round(start: string, headers: Record<string, string> = {}) {
  const items: DeltaItem[] = [];
  let link: string | undefined = start;
  let pages = 0;
  let deltaLink = '';
  while (link) {
    const { status, page } = await follow(link, headers);
    expect(status).toBe(200);
    pages++;
    items.push(...page.value);
    link = page['@odata.nextLink'];
    if (page['@odata.deltaLink']) deltaLink = page['@odata.deltaLink'];
  }
  return { items, deltaLink, pages };
}

describe('Graph message delta', () => {
  it('pages the folder with nextLinks, then ends with a deltaLink', async () => {
    const first = await h.graph('GET', '/me/mailFolders/inbox/messages/delta', {
      token,
      query: { $select: 'subject,isRead,from' },
      headers: { prefer: 'odata.maxpagesize=25' },
    });
    expect(first.statusCode).toBe(200);
    const page: DeltaPage = first.json();
    expect(page.value).toHaveLength(25);
    expect(page['@odata.nextLink']).toContain('$skiptoken=');
    expect(page['@odata.deltaLink']).toBeUndefined();
    expect(first.headers['preference-applied']).toBe('odata.maxpagesize=25');
    expect(Object.keys(page.value[0] ?? {}).sort()).toEqual([
      '@odata.etag',
      '@odata.type',
      'from',
      'id',
      'isRead',
      'subject',
    ]);

    const rest = await round(page['@odata.nextLink'] ?? '', { prefer: 'odata.maxpagesize=25' });
    expect(rest.deltaLink).toContain('$deltatoken=');
    const folder = (await h.graph('GET', '/me/mailFolders/inbox', { token })).json();
    expect(page.value.length + rest.items.length).toBe(folder.totalItemCount);
    expect(new Set([...page.value, ...rest.items].map((item) => item.id)).size).toBe(folder.totalItemCount);
  });

  it('reports new, changed, deleted and moved-out messages after the deltaLink', async () => {
    const start = `${PUBLIC_URL}/graph/v1.0/me/mailFolders/inbox/messages/delta?$select=subject,isRead`;
    const initial = await round(start);
    const [toRead, toDelete, toMove] = initial.items;
    expect(toMove).toBeDefined();

    const unchanged = await follow(initial.deltaLink);
    expect(unchanged.page.value).toEqual([]);

    const created = await h.control('POST', '/messages', {
      mailbox: 'alex.morgan@harbourline-office365.test',
      from: 'Sarah Okafor <sarah.okafor@brightwater-bakery.test>',
      to: 'alex.morgan@harbourline-office365.test',
      subject: 'New delta message',
      text: 'Hello',
    });
    await h.graph('PATCH', `/me/messages/${toRead?.id}`, { token, body: { isRead: !toRead?.isRead } });
    await h.control('DELETE', `/messages/${toDelete?.id}`);
    await h.graph('POST', `/me/messages/${toMove?.id}/move`, { token, body: { destinationId: 'archive' } });

    const changes = await round(initial.deltaLink);
    const byId = new Map(changes.items.map((item) => [item.id, item]));
    expect(byId.get(created.json().id)?.subject).toBe('New delta message');
    expect(byId.get(toRead?.id ?? '')?.isRead).toBe(!toRead?.isRead);
    expect(byId.get(toDelete?.id ?? '')?.['@removed']).toEqual({ reason: 'deleted' });
    expect(byId.get(toMove?.id ?? '')?.['@removed']).toEqual({ reason: 'deleted' });
    expect(changes.items).toHaveLength(4);

    const after = await follow(changes.deltaLink);
    expect(after.page.value).toEqual([]);
  });

  it('shows a moved message in the destination folder delta (with its immutable id unchanged)', async () => {
    const archiveStart = `${PUBLIC_URL}/graph/v1.0/me/mailFolders/archive/messages/delta?$select=subject`;
    const archive = await round(archiveStart, IMMUTABLE);
    const inbox = (
      await h.graph('GET', '/me/mailFolders/inbox/messages', {
        token,
        headers: IMMUTABLE,
        query: { $top: '1' },
      })
    ).json();
    const immutableId = inbox.value[0].id as string;
    const moved = await h.graph('POST', `/me/messages/${immutableId}/move`, {
      token,
      headers: IMMUTABLE,
      body: { destinationId: 'archive' },
    });
    expect(moved.json().id).toBe(immutableId);
    const changes = await round(archive.deltaLink, IMMUTABLE);
    expect(changes.items.map((item) => item.id)).toEqual([immutableId]);
  });

  it('answers 410 SyncStateNotFound for unknown tokens and after expire-cursors', async () => {
    const bogus = await h.graph('GET', '/me/mailFolders/inbox/messages/delta', {
      token,
      query: { $deltatoken: 'garbage' },
    });
    expect(bogus.statusCode).toBe(410);
    expect(bogus.json().error.code).toBe('SyncStateNotFound');

    const sent = await round(`${PUBLIC_URL}/graph/v1.0/me/mailFolders/sentitems/messages/delta`, {
      prefer: 'odata.maxpagesize=100',
    });
    await h.control('POST', '/mailboxes/alex.morgan@harbourline-office365.test/expire-cursors');
    const expired = await follow(sent.deltaLink);
    expect(expired.status).toBe(410);
    expect(expired.page).toMatchObject({ error: { code: 'SyncStateNotFound' } });
    const fresh = await round(`${PUBLIC_URL}/graph/v1.0/me/mailFolders/sentitems/messages/delta`, {
      prefer: 'odata.maxpagesize=100',
    });
    expect((await follow(fresh.deltaLink)).status).toBe(200);
  });
});
