import { describe, expect, it } from 'vitest';
import { NO_ITEMS_SELECTED } from '../triage/item-update-messages';
import {
  BULK_UPDATE_MAX_IDS,
  bulkUpdateSchema,
  itemPatchSchema,
  THREADS_PAGE_DEFAULT_LIMIT,
  TRIAGE_API,
  threadsQuerySchema,
  threadsSearchParams,
} from './triage';

const uuid = '00000000-0000-4000-8000-000000000000';

function queryOf(search: string): Record<string, string> {
  return Object.fromEntries(
    search.split('&').map((pair) => {
      const [key = '', value = ''] = pair.split('=');
      return [key, decodeURIComponent(value)];
    }),
  );
}

describe('threadsQuerySchema', () => {
  it('defaults to the inbox, all items, first page of 50', () => {
    expect(threadsQuerySchema.parse({})).toEqual({
      view: 'inbox',
      tab: 'all',
      limit: THREADS_PAGE_DEFAULT_LIMIT,
    });
  });

  it('reads every parameter the web app sends, filters as JSON', () => {
    const search = threadsSearchParams({
      view: 'shared',
      mailboxId: uuid,
      tab: 'unread',
      q: '  vat & payroll ',
      filters: [{ type: 'sender', value: 'acme' }],
      cursor: 'abc',
      limit: 20,
    });
    expect(threadsQuerySchema.parse(queryOf(search))).toEqual({
      view: 'shared',
      mailboxId: uuid,
      tab: 'unread',
      q: 'vat & payroll',
      filters: [{ type: 'sender', value: 'acme' }],
      cursor: 'abc',
      limit: 20,
    });
  });

  it('leaves out a blank search, no filters and the all tab', () => {
    expect(threadsSearchParams({ view: 'later', tab: 'all', q: '  ', filters: [] })).toBe('view=later');
  });

  it.each([
    [{ view: 'archive' }],
    [{ tab: 'starred' }],
    [{ limit: '0' }],
    [{ limit: '101' }],
    [{ limit: 'ten' }],
    [{ filters: '{not json' }],
    [{ filters: '[{"type":"colour","value":"red"}]' }],
    [{ filters: '{"type":"sender","value":"x"}' }],
    [{ q: 'x'.repeat(201) }],
    [{ unknown: '1' }],
  ])('rejects %j', (query) => {
    expect(threadsQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('itemPatchSchema', () => {
  it('accepts any one field and rejects an empty or unknown one', () => {
    expect(itemPatchSchema.safeParse({ isRead: false }).success).toBe(true);
    expect(itemPatchSchema.safeParse({ metadata: { assignee: null } }).success).toBe(true);
    expect(itemPatchSchema.safeParse({}).success).toBe(false);
    expect(itemPatchSchema.safeParse({ isRead: undefined }).success).toBe(false);
    expect(itemPatchSchema.safeParse({ subject: 'x' }).success).toBe(false);
    expect(itemPatchSchema.safeParse({ status: 'archived' }).success).toBe(false);
    expect(itemPatchSchema.safeParse({ syncPriority: 2 ** 31 }).success).toBe(false);
  });
});

describe('bulkUpdateSchema', () => {
  it('needs 1 to 1000 uuids, with the spec text for none', () => {
    const none = bulkUpdateSchema.safeParse({ ids: [], patch: { isRead: true } });
    expect(none.success ? null : none.error.issues[0]?.message).toBe(NO_ITEMS_SELECTED);
    const ids = Array.from({ length: BULK_UPDATE_MAX_IDS + 1 }, () => uuid);
    expect(bulkUpdateSchema.safeParse({ ids, patch: { isRead: true } }).success).toBe(false);
    expect(bulkUpdateSchema.safeParse({ ids: ['x'], patch: { isRead: true } }).success).toBe(false);
    expect(bulkUpdateSchema.safeParse({ ids: [uuid], patch: { isRead: true } }).success).toBe(true);
  });
});

describe('TRIAGE_API', () => {
  it('encodes thread keys, which may hold slashes and plus signs', () => {
    expect(TRIAGE_API.threadContent('AAQk/x+y=')).toBe('/api/triage/threads/AAQk%2Fx%2By%3D/content');
  });
});
