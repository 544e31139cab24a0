import type { TriageItem } from '../entities';

/** The item fields a search looks at (metadata as JSON text), spec §5. */
export const SEARCH_FIELDS = [
  'subject',
  'fromAddress',
  'emailMessageId',
  'emailThreadId',
  'previewContent',
  'extractedReferences',
  'metadata',
] as const satisfies readonly (keyof TriageItem)[];

export type SearchField = (typeof SEARCH_FIELDS)[number];
export type SearchableItem = Pick<TriageItem, SearchField>;

function fieldText(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Whether an item matches a search query, case-insensitively across SEARCH_FIELDS; a blank query matches all. */
export function matchesSearch(item: SearchableItem, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return SEARCH_FIELDS.some((field) => fieldText(item[field]).toLowerCase().includes(needle));
}
