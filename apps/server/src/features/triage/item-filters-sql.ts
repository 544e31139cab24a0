import type { ThreadsQuery } from '@ledgerdesk/domain/api/triage';
import type { CustomFilter } from '@ledgerdesk/domain/entities';
import {
  effectiveView,
  type ParsedSearch,
  parseSearchQuery,
  type SearchCondition,
} from '@ledgerdesk/domain/triage/search-operators';
import type { TriageView } from '@ledgerdesk/domain/triage/triage-view';
import type { TypeTab } from '@ledgerdesk/domain/triage/type-tabs';
import { ARCHIVED_FOLDER_STATES, viewCriteria } from '@ledgerdesk/domain/triage/view-criteria';
import { type SQL, sql } from 'drizzle-orm';

export type ItemAlias = 't' | 'h' | 'n';
/** A row of triage_item_buckets (migration 0006): the item columns views and tabs read, and a count. */
type BucketAlias = 'b';

const NO_MAILBOX = '00000000-0000-0000-0000-000000000000';

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

/** The view rule of spec §4 (viewCriteria) as SQL over the item (or bucket) aliased `a`. */
export function viewSql(view: TriageView, a: ItemAlias | BucketAlias): SQL {
  const criteria = viewCriteria(view);
  // A bucket keeps the folder state already reduced to an archive state or ''.
  const folder = a === 'b' ? 'b.folder_state' : `coalesce(${a}.metadata->>'exchange_folder_state', '')`;
  const archived = literalList(ARCHIVED_FOLDER_STATES);
  let rule = `${a}.status in (${literalList(criteria.statuses)})`;
  if (criteria.includeArchivedFolderState) rule = `(${rule} or ${folder} in (${archived}))`;
  if (criteria.excludeArchivedFolderState) rule = `${rule} and ${folder} not in (${archived})`;
  // Only a scheduled item keeps a return time (migration 0008), so this leaves out exactly the snoozed ones.
  if (criteria.excludeSnoozed)
    rule = `${rule} and ${a === 'b' ? 'not b.snoozed' : `${a}.snoozed_until is null`}`;
  return sql.raw(`(${rule})`);
}

/** The type tab: a type, or unread. */
export function tabSql(tab: TypeTab, a: ItemAlias | BucketAlias): SQL | null {
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
    case 'client':
      return clientFilterSql(value, a);
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

/** The search of a list query, parsed (the route has refused a bad one; here it falls back to plain text). */
export function parsedSearch(query: Pick<ThreadsQuery, 'q'>): ParsedSearch {
  const result = parseSearchQuery(query.q);
  return result.ok ? result.search : { text: query.q?.trim() ?? '', conditions: [], view: null };
}

/** The LIKE pattern of a search text (lower-cased like search_text), or null for a blank one. */
export function searchPattern(text: string | undefined): SQL | null {
  const value = text?.trim() ?? '';
  return value === '' ? null : sql`lower(${containsPattern(value)})`;
}

/**
 * Whether the item's searchable text (triage_item_search, decision 016: lower-cased subject, sender, ids, preview,
 * references and metadata) matches the LIKE `pattern`; a lookup by the item's id.
 */
export function searchTextMatches(a: ItemAlias, pattern: SQL): SQL {
  return sql`exists (select 1 from triage_item_search item_search where item_search.item_id = ${sql.raw(a)}.id and item_search.search_text like ${pattern})`;
}

/** Whether JSON text escapes a character of `value`, so that it is not found verbatim in metadata::text. */
function hasJsonEscapes(value: string): boolean {
  return [...value].some((char) => char === '"' || char === '\\' || char.charCodeAt(0) < 32);
}

const NARROWING_MIN_LENGTH = 3;

/** A value of a condition that every matching item holds in its search_text, if the condition has one. */
function narrowingValue(condition: SearchCondition): string | null {
  if (!('value' in condition) || typeof condition.value !== 'string' || condition.negated) return null;
  if (condition.value.length < NARROWING_MIN_LENGTH) return null;
  // Recipients live in metadata, which search_text holds as JSON text.
  if ((condition.kind === 'to' || condition.kind === 'text') && hasJsonEscapes(condition.value)) return null;
  return condition.value;
}

/**
 * A pattern every item the query shows contains in its search_text, so the trigram index can narrow the rows
 * first: the search text, else a phrase or a from:/to:/subject: value, else a sender chip (the sender is part
 * of search_text), else an assignee chip (metadata is part of search_text). Tag chips can also match a source
 * name, and negations match what lacks the text, so neither can narrow.
 */
export function narrowingPattern(query: ThreadsQuery): SQL | null {
  const search = parsedSearch(query);
  const text = searchPattern(search.text);
  if (text) return text;
  for (const condition of search.conditions) {
    const value = narrowingValue(condition);
    if (value !== null) return searchPattern(value);
  }
  for (const filter of query.filters ?? []) {
    const value = filter.value.trim();
    if (value.length < NARROWING_MIN_LENGTH) continue;
    if (filter.type === 'sender' || (filter.type === 'assignee' && !hasJsonEscapes(value))) {
      return searchPattern(value);
    }
  }
  return null;
}

function recipientsSql(a: ItemAlias): SQL {
  const list = (key: string) =>
    `case when jsonb_typeof(${a}.metadata->'${key}') = 'array' then ${a}.metadata->'${key}' else '[]'::jsonb end`;
  return sql.raw(`jsonb_array_elements_text((${list('to')}) || (${list('cc')}))`);
}

/** The start of a UTC calendar day (YYYY-MM-DD, checked by the parser). */
function dayStart(day: string): SQL {
  return sql`((${day})::date::timestamp at time zone 'UTC')`;
}

/** One search condition (an operator, a phrase or a negated term) as SQL over the item aliased `a`. */
export function searchConditionSql(condition: SearchCondition, a: ItemAlias): SQL {
  const column = (name: string) => sql.raw(`${a}.${name}`);
  const negate = (part: SQL, negated: boolean) => (negated ? sql`not ${part}` : part);
  switch (condition.kind) {
    case 'text':
      return negate(searchTextMatches(a, sql`lower(${containsPattern(condition.value)})`), condition.negated);
    case 'from':
      return negate(
        sql`(lower(coalesce(${column('from_address')}, '')) like lower(${containsPattern(condition.value)}))`,
        condition.negated,
      );
    case 'subject':
      return negate(
        sql`(lower(coalesce(${column('subject')}, '')) like lower(${containsPattern(condition.value)}))`,
        condition.negated,
      );
    case 'to':
      return negate(
        sql`(exists (select 1 from ${recipientsSql(a)} as r(v) where lower(r.v) like lower(${containsPattern(condition.value)})))`,
        condition.negated,
      );
    case 'has-attachment':
      return negate(
        sql`(coalesce(${column('metadata')}->>'has_attachments', '') = 'true')`,
        condition.negated,
      );
    case 'is-read':
      return condition.value ? sql`${column('is_read')}` : sql`(not ${column('is_read')})`;
    case 'before':
      return sql`(${column('time')} < ${dayStart(condition.day)})`;
    case 'after':
      return sql`(${column('time')} >= ${dayStart(condition.day)})`;
  }
}

/**
 * Every condition of a list query except the plain search text, over the item aliased `a`, joined with AND:
 * the view (or the one an `in:` operator names), the tab, the mailbox, the chips and the search operators.
 */
export function itemFiltersSql(query: ThreadsQuery, a: ItemAlias): SQL {
  const search = parsedSearch(query);
  const parts: SQL[] = [viewSql(effectiveView(query.view, search), a)];
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
  for (const condition of search.conditions) parts.push(searchConditionSql(condition, a));
  return sql.join(parts, sql.raw(' and '));
}

/**
 * The conditions of a list query over triage_item_buckets, or null when the buckets cannot answer it (a custom
 * filter chip looks at columns they do not keep). Same view and tab SQL as itemFiltersSql.
 */
export function bucketFiltersSql(query: ThreadsQuery): SQL | null {
  if ((query.filters ?? []).some((filter) => customFilterSql(filter, 't') !== null)) return null;
  // Search operators look at columns the buckets do not keep either (an `in:` view alone they can answer).
  const search = parsedSearch(query);
  if (search.text !== '' || search.conditions.length > 0) return null;
  const parts: SQL[] = [viewSql(effectiveView(query.view, search), 'b')];
  const tab = tabSql(query.tab, 'b');
  if (tab) parts.push(tab);
  if (query.mailboxId !== undefined) {
    parts.push(
      UUID.test(query.mailboxId) && query.mailboxId !== NO_MAILBOX
        ? sql`b.mailbox_id = ${query.mailboxId}::uuid`
        : sql.raw('false'),
    );
  }
  return sql.join(parts, sql.raw(' and '));
}

/** The bare, lower-cased address of a formatted one ("Pat <Pat@x.test>" → "pat@x.test"), in SQL. */
function bareAddressSql(text: string): string {
  return `lower(coalesce(substring(${text} from '<([^<>]*)>\\s*$'), trim(${text})))`;
}

/**
 * A `client` chip (decision 015): the item's sender or a recipient is a contact of the named organisation, or
 * writes from one of its domains. Reads the client list the user's row-level security shows (their firm's).
 */
function clientFilterSql(value: string, a: ItemAlias): SQL {
  const to = `case when jsonb_typeof(${a}.metadata->'to') = 'array' then ${a}.metadata->'to' else '[]'::jsonb end`;
  const people = sql.raw(`(select ${bareAddressSql(`${a}.from_address`)} as address
      union all select ${bareAddressSql('r.value')} from jsonb_array_elements_text(${to}) r)`);
  return sql`exists (
    select 1 from client_organisations o, ${people} p
    where lower(o.name) = lower(${value}) and p.address <> ''
      and (split_part(p.address, '@', 2) = any(o.domains)
        or exists (select 1 from client_contacts c where c.organisation_id = o.id and c.email = p.address)))`;
}
