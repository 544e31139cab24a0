import type { TriageItemDto } from '@ledgerdesk/domain/api/triage';
import type { CustomFilter } from '@ledgerdesk/domain/entities';
import { matchesCustomFilters } from '@ledgerdesk/domain/triage/custom-filter';
import { groupIntoThreads } from '@ledgerdesk/domain/triage/group-threads';
import { matchesSearch } from '@ledgerdesk/domain/triage/search';
import type { TriageView } from '@ledgerdesk/domain/triage/triage-view';
import { matchesTab, type TypeTab } from '@ledgerdesk/domain/triage/type-tabs';
import { isInView } from '@ledgerdesk/domain/triage/view-criteria';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTriageItems, type SeedItem } from '../support/seed-triage';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';
import { listAllThreads, listedItemIds, listThreads } from './triage-api';

const T0 = Date.parse('2024-06-01T12:00:00.000Z');
const at = (minutesAgo: number) => new Date(T0 - minutesAgo * 60_000).toISOString();
const statuses = ['inbox', 'later', 'low_priority', 'scheduled', 'sent', 'cleared', 'drafts'] as const;
const types = ['email', 'mention', 'notification'] as const;

/** 150 varied items: threads of several sizes, equal times, every status, type and folder state. */
function variedItems(): SeedItem[] {
  return Array.from({ length: 150 }, (_, i) => ({
    fromAddress: `Person ${i % 9} <p${i % 9}@firm${i % 4}.example>`,
    subject: `Matter ${i}`,
    // Every fifth minute is shared by three items, so ties must be ordered the same way on every page.
    time: at(Math.floor(i / 3) * 5),
    type: types[i % 3],
    isRead: i % 4 === 0,
    status: statuses[i % 7],
    emailThreadId: i % 5 === 0 ? null : `thread-${i % 23}`,
    metadata:
      i % 11 === 0
        ? { exchange_folder_state: 'archive' }
        : i % 13 === 0
          ? { exchange_folder_state: 'archived', assignee: 'Dana' }
          : i % 17 === 0
            ? { exchange_folder_state: 'deleted', tags: ['VAT'] }
            : {},
  }));
}

/** What the domain rules say a listing shows, grouped and ordered by the domain. */
function expectedIds(
  items: TriageItemDto[],
  view: TriageView,
  tab: TypeTab = 'all',
  filters: CustomFilter[] = [],
  q = '',
): string[] {
  const shown = items.filter(
    (item) =>
      isInView(item, view) &&
      matchesTab(item, tab) &&
      matchesCustomFilters(item, filters) &&
      matchesSearch(item, q),
  );
  return groupIntoThreads(shown).flatMap((group) => group.emails.map((email) => email.id));
}

describe.each(testDatabaseKinds)('triage thread list (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let all: TriageItemDto[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const user = await signUp(t.app, 'lists@firm.example');
    cookie = user.cookie;
    await insertTriageItems(t.app.db, user.userId, variedItems());
    const other = await signUp(t.app, 'someone-else@firm.example');
    await insertTriageItems(t.app.db, other.userId, variedItems().slice(0, 20));
    // Every item of the user, as the API shows them (one view per status covers them all).
    const views: TriageView[] = ['inbox', 'sent', 'cleared', 'drafts'];
    const seen = new Map<string, TriageItemDto>();
    for (const view of views) {
      const { groups } = await listAllThreads(t.app, cookie, { view, limit: 100 });
      for (const email of groups.flatMap((group) => group.emails)) seen.set(email.id, email);
    }
    all = [...seen.values()];
  });
  afterAll(async () => {
    await t.close();
  });

  it('sees exactly the user own items', () => {
    expect(all).toHaveLength(150);
  });

  it.each(['inbox', 'later', 'low-priority', 'scheduled', 'sent', 'cleared', 'drafts', 'shared'] as const)(
    'pages through the %s view without gaps or repeats, in the domain order',
    async (view) => {
      const { groups, pages, total } = await listAllThreads(t.app, cookie, { view, limit: 4 });
      const ids = groups.flatMap((group) => group.emails.map((email) => email.id));
      expect(new Set(groups.map((group) => group.id)).size).toBe(groups.length);
      expect(ids).toEqual(expectedIds(all, view));
      expect(total).toBe(ids.length);
      expect(pages).toBe(Math.max(1, Math.ceil(groups.length / 4)));
    },
  );

  it('shows archived-by-folder-state items in Cleared and not in the main view', async () => {
    const cleared = await listedItemIds(t.app, cookie, { view: 'cleared' });
    const inbox = await listedItemIds(t.app, cookie, { view: 'inbox' });
    const archivedInbox = all.filter(
      (item) => item.status === 'inbox' && item.metadata.exchange_folder_state === 'archive',
    );
    expect(archivedInbox.length).toBeGreaterThan(0);
    for (const item of archivedInbox) {
      expect(cleared).toContain(item.id);
      expect(inbox).not.toContain(item.id);
    }
    const deletedInbox = all.find(
      (item) => item.status === 'inbox' && item.metadata.exchange_folder_state === 'deleted',
    );
    expect(inbox).toContain(deletedInbox?.id);
  });

  it.each(['email', 'mention', 'notification', 'unread'] as const)('filters the %s tab', async (tab) => {
    expect(await listedItemIds(t.app, cookie, { view: 'inbox', tab, limit: 7 })).toEqual(
      expectedIds(all, 'inbox', tab),
    );
  });

  it.each([
    [[{ type: 'sender', value: 'FIRM2.example' }]],
    [[{ type: 'assignee', value: ' dana ' }]],
    [[{ type: 'tag', value: 'vat' }]],
    [
      [
        { type: 'sender', value: 'p3@' },
        { type: 'sender', value: 'firm' },
      ],
    ],
    [[{ type: 'sender', value: '   ' }]],
  ] as CustomFilter[][][])('applies custom filters %j like the domain', async (filters) => {
    const view = filters[0]?.type === 'sender' ? 'inbox' : 'cleared';
    const ids = await listedItemIds(t.app, cookie, { view, filters });
    expect(ids).toEqual(expectedIds(all, view, 'all', filters));
    if (filters[0]?.value.trim()) expect(ids.length).toBeLessThan(expectedIds(all, view).length);
  });

  it('forms groups: thread ids together, items without one alone, newest first with counts', async () => {
    const { groups } = await listThreads(t.app, cookie, { view: 'inbox', limit: 100 });
    for (const group of groups) {
      const first = group.emails[0];
      expect(group.latestEmail).toEqual(first);
      expect(group.lastActivity).toBe(first?.time);
      expect(group.subject).toBe(first?.subject);
      expect(group.itemCount).toBe(group.emails.length);
      expect(group.isThread).toBe(group.emails.length > 1);
      expect(group.unreadCount).toBe(group.emails.filter((email) => !email.isRead).length);
      expect(group.participants).toEqual([...new Set(group.emails.map((email) => email.fromAddress))]);
      if (first?.emailThreadId) {
        expect(group.id).toBe(first.emailThreadId);
        expect(group.emails.every((email) => email.emailThreadId === first.emailThreadId)).toBe(true);
      } else {
        expect(group.id).toBe(`single-${first?.id}`);
        expect(group.emails).toHaveLength(1);
      }
    }
  });

  it('narrows a shared mailbox view to that integration, and a malformed id to nothing', async () => {
    const none = await listThreads(t.app, cookie, { view: 'shared', mailboxId: 'not-a-mailbox' });
    expect(none).toEqual({ groups: [], nextCursor: null, total: 0 });
    const unknown = await listThreads(t.app, cookie, {
      view: 'shared',
      mailboxId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.total).toBe(0);
  });
});
