import type { CustomFilter, CustomFilterType, TriageItem } from '../entities';

export const CUSTOM_FILTER_TYPES: readonly CustomFilterType[] = ['sender', 'tag', 'assignee', 'client'];

/** Chip text of a custom filter: "type: value". */
export function customFilterLabel(filter: CustomFilter): string {
  return `${filter.type}: ${filter.value}`;
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Whether an item passes a custom filter: sender = from address contains the value; tag = a metadata
 * tag or the notification source name equals it; assignee = metadata.assignee equals it (all case-insensitive);
 * client = a sender or recipient belongs to that organisation (decided by the server).
 * An empty value filters nothing.
 */
export function matchesCustomFilter(
  item: Pick<TriageItem, 'fromAddress' | 'metadata' | 'notificationSource'>,
  filter: CustomFilter,
): boolean {
  const value = filter.value.trim().toLowerCase();
  if (value === '') return true;
  switch (filter.type) {
    case 'sender':
      return item.fromAddress.toLowerCase().includes(value);
    case 'tag': {
      const tags = Array.isArray(item.metadata?.tags) ? item.metadata.tags : [];
      const sourceName = item.notificationSource?.sourceName;
      return (
        tags.some((tag) => typeof tag === 'string' && sameText(tag, value)) ||
        (sourceName != null && sameText(sourceName, value))
      );
    }
    case 'assignee': {
      const assignee = item.metadata?.assignee;
      return typeof assignee === 'string' && sameText(assignee, value);
    }
    // Who is a client's is the server's to say (the client list); an item it listed passes.
    case 'client':
      return true;
  }
}

/** Whether an item passes every custom filter. */
export function matchesCustomFilters(
  item: Pick<TriageItem, 'fromAddress' | 'metadata' | 'notificationSource'>,
  filters: readonly CustomFilter[],
): boolean {
  return filters.every((filter) => matchesCustomFilter(item, filter));
}
