import type { ThreadGroupDto, ThreadsPage } from '@ledgerdesk/domain/api/triage';
import type { TriageItem } from '@ledgerdesk/domain/entities';
import type { TriageView } from '@ledgerdesk/domain/triage/triage-view';
import { isInView } from '@ledgerdesk/domain/triage/view-criteria';
import { type InfiniteData, replaceEqualDeep } from '@tanstack/react-query';
import type { PageParam } from './page-window';

export type ThreadsData = InfiniteData<ThreadsPage, PageParam>;
export type ItemChanges = ReadonlyMap<string, Partial<TriageItem>>;

function patchGroup(
  group: ThreadGroupDto,
  changes: ItemChanges,
  view: TriageView,
): { group: ThreadGroupDto | null; removed: number } {
  if (!group.emails.some((email) => changes.has(email.id))) return { group, removed: 0 };
  let unreadDelta = 0;
  const patched = group.emails.map((email) => {
    const change = changes.get(email.id);
    if (!change) return email;
    const next = { ...email, ...change };
    unreadDelta += Number(!next.isRead) - Number(!email.isRead);
    return next;
  });
  const kept = patched.filter((email) => isInView(email, view));
  const removedEmails = patched.filter((email) => !isInView(email, view));
  const removedUnread = removedEmails.filter((email) => !email.isRead).length;
  const latest = kept[0];
  if (!latest) return { group: null, removed: removedEmails.length };
  return {
    removed: removedEmails.length,
    group: {
      ...group,
      emails: kept,
      latestEmail: latest,
      subject: latest.subject,
      lastActivity: latest.time,
      itemCount: Math.max(kept.length, group.itemCount - removedEmails.length),
      unreadCount: Math.max(0, group.unreadCount + unreadDelta - removedUnread),
    },
  };
}

/**
 * A list's cached pages with item changes applied: changed items take their new fields, items that no longer
 * belong to the view leave (and their group when it empties), and the counts follow. Untouched groups and
 * pages keep their identity, so only the changed rows re-render.
 */
export function applyItemChanges(data: ThreadsData, changes: ItemChanges, view: TriageView): ThreadsData {
  let removedTotal = 0;
  let isChanged = false;
  const pages = data.pages.map((page) => {
    let isPageChanged = false;
    const groups: ThreadGroupDto[] = [];
    for (const group of page.groups) {
      const result = patchGroup(group, changes, view);
      removedTotal += result.removed;
      if (result.group !== group) isPageChanged = true;
      if (result.group) groups.push(result.group);
    }
    if (!isPageChanged) return page;
    isChanged = true;
    return { ...page, groups };
  });
  if (!isChanged) return data;
  if (removedTotal === 0) return { ...data, pages };
  return {
    ...data,
    pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total - removedTotal) })),
  };
}

/** The items with these ids found in a list's pages. */
export function findItems(
  data: { pages: ThreadsPage[] } | undefined,
  ids: ReadonlySet<string>,
): TriageItem[] {
  const found: TriageItem[] = [];
  for (const page of data?.pages ?? []) {
    for (const group of page.groups) {
      for (const email of group.emails) if (ids.has(email.id)) found.push(email);
    }
  }
  return found;
}

/** Keeps only the first page (so a refresh refetches one page, not every page scrolled through). */
export function firstPageOnly(data: ThreadsData): ThreadsData {
  return { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
}

/** Every group of the loaded pages, in order; a thread that moved between two page fetches shows once. */
export function allGroups(data: { pages: readonly ThreadsPage[] } | undefined): ThreadGroupDto[] {
  return flattenPages(data, null).groups;
}

/** `allGroups` with what it needs to extend itself: the pages it covers and where each group id stands. */
export type FlatGroups = {
  pages: readonly ThreadsPage[];
  groups: ThreadGroupDto[];
  /** Each id's index in `groups`; shared along a line of extensions, so an entry counts only if it checks out. */
  positions: Map<string, number>;
};

/**
 * `allGroups`, reusing `previous` when the pages only grew (a page loaded while scrolling): the groups
 * already flattened are copied and only the new pages are walked, so a page arriving costs the same at the
 * 500th page as at the 2nd. Any other change (a refetch, an optimistic update) flattens from scratch.
 */
export function flattenPages(
  data: { pages: readonly ThreadsPage[] } | undefined,
  previous: FlatGroups | null,
): FlatGroups {
  const pages = data?.pages ?? [];
  const isGrowth =
    previous !== null &&
    pages.length >= previous.pages.length &&
    previous.pages.every((page, index) => pages[index] === page);
  const groups = isGrowth ? previous.groups.slice() : [];
  // On growth the map is `previous`'s: it may also hold entries another extension of `previous` wrote, so
  // an id is a duplicate only when the group at its recorded index really is that id.
  const positions = isGrowth ? previous.positions : new Map<string, number>();
  for (let index = isGrowth ? previous.pages.length : 0; index < pages.length; index++) {
    for (const group of pages[index]?.groups ?? []) {
      const at = positions.get(group.id);
      if (at !== undefined && groups[at]?.id === group.id) continue;
      positions.set(group.id, groups.length);
      groups.push(group);
    }
  }
  return { pages, groups, positions };
}

/**
 * Structural sharing for a list's pages, page by page (the query's `structuralSharing`). TanStack's default
 * compares new data with old index by index: once the window lets its first page go every index shifts, and it
 * deep-compared, and copied, every group held (and each page param's chain of pages before) on every page
 * fetched, giving every mounted row a new group to re-render. Here a page held before keeps its identity, and a
 * page fetched again (a refetch, an optimistic write) is compared only with the page of the same cursor.
 */
export function sharePages(previous: unknown, next: unknown): unknown {
  const before = previous as ThreadsData | undefined;
  const after = next as ThreadsData;
  if (!before?.pages || !after?.pages) return next;
  const held = new Set(before.pages);
  const byCursor = new Map<string | null, ThreadsPage>();
  before.pages.forEach((page, index) => {
    byCursor.set(before.pageParams[index]?.cursor ?? null, page);
  });
  let isSame = before.pages.length === after.pages.length;
  const pages = after.pages.map((page, index) => {
    const old = held.has(page) ? page : byCursor.get(after.pageParams[index]?.cursor ?? null);
    const shared = old && old !== page ? replaceEqualDeep(old, page) : page;
    const param = after.pageParams[index];
    const oldParam = before.pageParams[index];
    if (
      shared !== before.pages[index] ||
      param?.cursor !== oldParam?.cursor ||
      param?.start !== oldParam?.start
    )
      isSame = false;
    return shared;
  });
  return isSame ? before : { pages, pageParams: after.pageParams };
}
