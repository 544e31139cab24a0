import type { ThreadGroupDto, ThreadsPage } from '@ledgerdesk/domain/api/triage';
import type { TriageItem } from '@ledgerdesk/domain/entities';
import type { TriageView } from '@ledgerdesk/domain/triage/triage-view';
import { isInView } from '@ledgerdesk/domain/triage/view-criteria';
import type { InfiniteData } from '@tanstack/react-query';

export type ThreadsData = InfiniteData<ThreadsPage, string | null>;
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
export function allGroups(data: { pages: ThreadsPage[] } | undefined): ThreadGroupDto[] {
  const seen = new Set<string>();
  const groups: ThreadGroupDto[] = [];
  for (const page of data?.pages ?? []) {
    for (const group of page.groups) {
      if (seen.has(group.id)) continue;
      seen.add(group.id);
      groups.push(group);
    }
  }
  return groups;
}
