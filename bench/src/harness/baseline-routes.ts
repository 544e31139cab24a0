import type { ThreadGroupDto, ThreadsPage } from '@ledgerdesk/domain/api/triage';
import type { TriageItem } from '@ledgerdesk/domain/entities';
import { groupIntoThreads } from '@ledgerdesk/domain/triage/group-threads';
import { matchesSearch, SEARCH_FIELDS } from '@ledgerdesk/domain/triage/search';
import {
  effectiveView,
  meetsSearchConditions,
  parseSearchQuery,
} from '@ledgerdesk/domain/triage/search-operators';
import type { TriageView } from '@ledgerdesk/domain/triage/triage-view';
import { TRIAGE_VIEWS } from '@ledgerdesk/domain/triage/triage-view';
import { matchesTab, type TypeTab } from '@ledgerdesk/domain/triage/type-tabs';
import { isInView } from '@ledgerdesk/domain/triage/view-criteria';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../apps/server/src/auth/require-user';
import { readAllItems } from './baseline-read';

type Query = { view?: string; tab?: string; q?: string; limit?: string };

const TABS: readonly TypeTab[] = ['all', 'email', 'mention', 'notification', 'unread'];

/**
 * The BASELINE: the original spec's design as an endpoint — read all of the user's items newest first with
 * their notification source, then filter, search and group in JavaScript with the domain's own rules. It
 * answers only the first page (the original client received every row), which flatters it.
 */
export async function baselineRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Query }>('/api/bench/baseline/threads', async (request): Promise<ThreadsPage> => {
    const user = requireUser(request, 'view triage items');
    const view = (TRIAGE_VIEWS as readonly string[]).includes(request.query.view ?? '')
      ? (request.query.view as TriageView)
      : 'inbox';
    const tab = (TABS as readonly string[]).includes(request.query.tab ?? '')
      ? (request.query.tab as TypeTab)
      : 'all';
    const parsed = parseSearchQuery(request.query.q ?? '');
    const search = parsed.ok ? parsed.search : { text: request.query.q ?? '', conditions: [], view: null };
    const shown = effectiveView(view, search);
    const limit = Math.min(100, Math.max(1, Number(request.query.limit) || 50));
    const items = await readAllItems(app.db, user.id);
    const searchable = (item: TriageItem) =>
      SEARCH_FIELDS.map((field) => {
        const value = item[field];
        return typeof value === 'string' ? value : JSON.stringify(value ?? '');
      }).join(' ');
    const matching = items.filter(
      (item) =>
        isInView(item, shown) &&
        matchesTab(item, tab) &&
        matchesSearch(item, search.text) &&
        meetsSearchConditions(item, search.conditions, searchable(item)),
    );
    const groups = groupIntoThreads(matching);
    return { groups: groups.slice(0, limit).map(toDto), nextCursor: null, total: matching.length };
  });

  app.get('/api/bench/baseline/counts', async (request) => {
    const user = requireUser(request, 'view triage items');
    const items = await readAllItems(app.db, user.id);
    const unread = items.filter((item) => !item.isRead);
    const countOf = (test: (item: TriageItem) => boolean) => unread.filter(test).length;
    return {
      counts: {
        triage: countOf((item) => isInView(item, 'inbox')),
        later: countOf((item) => item.status === 'later'),
        // Scheduled counts every scheduled item (decision 009), read or not.
        scheduled: items.filter((item) => item.status === 'scheduled').length,
        drafts: countOf((item) => item.status === 'drafts'),
      },
    };
  });
}

function toDto(group: ReturnType<typeof groupIntoThreads>[number]): ThreadGroupDto {
  const { isSelected: _isSelected, ...rest } = group;
  return { ...rest, itemCount: group.emails.length };
}
