import type { ThreadsQuery } from '@ledgerdesk/domain/api/triage';
import type { CustomFilter } from '@ledgerdesk/domain/entities';
import type { TriageView } from '@ledgerdesk/domain/triage/triage-view';
import type { TypeTab } from '@ledgerdesk/domain/triage/type-tabs';
import { ARCHIVED_FOLDER_STATES, viewCriteria } from '@ledgerdesk/domain/triage/view-criteria';
import { type SQL, sql } from 'drizzle-orm';

export type ItemAlias = 't' | 'h' | 'n';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WORD = /^[a-z_]+$/;

// View statuses and folder states are written as literals, not parameters, so that the planner can match the
// partial indexes of migration 0002, whose predicates are the very same expressions.
function literalList(values: readonly string[]): string {
  return values
    .map((value) => {
      if (!WORD.test(value)) throw new Error(`unexpected view value ${value}`);
      return `'${value}'`;
    })
    .join(', ');
}

/** The view rule of spec §4 (viewCriteria) as SQL over the item aliased `a`. */
export function viewSql(view: TriageView, a: ItemAlias): SQL {
  const criteria = viewCriteria(view);
  const folder = `coalesce(${a}.metadata->>'exchange_folder_state', '')`;
  const archived = literalList(ARCHIVED_FOLDER_STATES);
  let rule = `${a}.status in (${literalList(criteria.statuses)})`;
  if (criteria.includeArchivedFolderState) rule = `(${rule} or ${folder} in (${archived}))`;
  if (criteria.excludeArchivedFolderState) rule = `${rule} and ${folder} not in (${archived})`;
  return sql.raw(`(${rule})`);
}

/** The type tab: a type, or unread. */
export function tabSql(tab: TypeTab, a: ItemAlias): SQL | null {
  if (tab === 'all') return null;
  if (tab === 'unread') return sql.raw(`not ${a}.is_read`);
  if (!WORD.test(tab)) throw new Error(`unexpected tab ${tab}`);
  return sql.raw(`${a}.type = '${tab}'`);
}

/** `%text%` with LIKE's wildcards and escape character taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** A custom filter chip (same rules as matchesCustomFilter in the domain); a blank value filters nothing. */
export function customFilterSql(filter: CustomFilter, a: ItemAlias): SQL | null {
  const value = filter.value.trim();
  if (value === '') return null;
  const column = (name: string) => sql.raw(`${a}.${name}`);
  switch (filter.type) {
    case 'sender':
      return sql`lower(coalesce(${column('from_address')}, '')) like lower(${containsPattern(value)})`;
    case 'assignee':
      return sql`(jsonb_typeof(${column('metadata')}->'assignee') = 'string'
        and lower(trim(${column('metadata')}->>'assignee')) = lower(${value}))`;
    case 'tag':
      return sql`(exists (
          select 1 from jsonb_array_elements(case when jsonb_typeof(${column('metadata')}->'tags') = 'array'
            then ${column('metadata')}->'tags' else '[]'::jsonb end) as tag(value)
          where jsonb_typeof(tag.value) = 'string' and lower(trim(tag.value #>> '{}')) = lower(${value}))
        or exists (
          select 1 from notification_sources s
          where s.id = ${column('notification_source_id')} and lower(trim(s.source_name)) = lower(${value})))`;
  }
}

/** The LIKE pattern of a search (lower-cased like search_text), or null for a blank search. */
export function searchPattern(q: string | undefined): SQL | null {
  const text = q?.trim() ?? '';
  return text === '' ? null : sql`lower(${containsPattern(text)})`;
}

/** Whether JSON text escapes a character of `value`, so that it is not found verbatim in metadata::text. */
function hasJsonEscapes(value: string): boolean {
  return [...value].some((char) => char === '"' || char === '\\' || char.charCodeAt(0) < 32);
}

/**
 * A pattern every item the query shows contains in its search_text, so the trigram index can narrow the rows
 * first: the search itself, else a sender chip (the sender is part of search_text), else an assignee chip
 * (metadata is part of search_text). Tag chips can also match a source name, so they cannot narrow.
 */
export function narrowingPattern(query: ThreadsQuery): SQL | null {
  const search = searchPattern(query.q);
  if (search) return search;
  for (const filter of query.filters ?? []) {
    const value = filter.value.trim();
    if (value.length < 3) continue;
    if (filter.type === 'sender' || (filter.type === 'assignee' && !hasJsonEscapes(value))) {
      return searchPattern(value);
    }
  }
  return null;
}

/** Every condition of a list query except the search, over the item aliased `a`, joined with AND. */
export function itemFiltersSql(query: ThreadsQuery, a: ItemAlias): SQL {
  const parts: SQL[] = [viewSql(query.view, a)];
  const tab = tabSql(query.tab, a);
  if (tab) parts.push(tab);
  if (query.mailboxId !== undefined) {
    parts.push(
      UUID.test(query.mailboxId)
        ? sql`${sql.raw(a)}.email_integration_id = ${query.mailboxId}::uuid`
        : sql.raw('false'),
    );
  }
  for (const filter of query.filters ?? []) {
    const part = customFilterSql(filter, a);
    if (part) parts.push(part);
  }
  return sql.join(parts, sql.raw(' and '));
}
