import type { TriageView } from './triage-view';

/**
 * Search operators of the triage search box, parsed once here and run in SQL by the server
 * (apps/server/src/features/triage/item-filters-sql.ts).
 *
 *   from:acme   to:priya   subject:"vat return"   has:attachment   is:unread   is:read
 *   before:2026-01-31   after:2026-01-01   in:later|low-priority|scheduled|sent|cleared
 *   "exact phrase"   -term   -from:noreply   -"exact phrase"
 *
 * A query without any operator, quote or negation is the spec's plain search and works exactly as before:
 * the whole text is one case-insensitive "contains". With operators, the free words left over form that one
 * "contains" text, each quoted phrase is another, and every condition must hold. Dates are calendar days in
 * UTC: `after:` includes its day, `before:` excludes its day. Unknown `word:` prefixes are plain text.
 */

export type TextOperator = 'from' | 'to' | 'subject';

export type SearchCondition =
  | { kind: 'text'; value: string; negated: boolean }
  | { kind: TextOperator; value: string; negated: boolean }
  | { kind: 'has-attachment'; negated: boolean }
  | { kind: 'is-read'; value: boolean }
  | { kind: 'before' | 'after'; day: string };

export type SearchInView = 'later' | 'low-priority' | 'scheduled' | 'sent' | 'cleared';

export type ParsedSearch = {
  /** The plain "contains" text (the whole query when it has no operators); '' for none. */
  text: string;
  /** Every other condition: phrases, negations and operators. */
  conditions: SearchCondition[];
  /** The view an `in:` operator asks for, else null (the page's own view). */
  view: SearchInView | null;
};

export type SearchParseResult = { ok: true; search: ParsedSearch } | { ok: false; error: string };

export const SEARCH_IN_VIEWS: readonly SearchInView[] = [
  'later',
  'low-priority',
  'scheduled',
  'sent',
  'cleared',
];

export const SEARCH_OPERATORS = [
  { token: 'from:', example: 'from:acme.com', hint: 'Sender name or address contains' },
  { token: 'to:', example: 'to:priya', hint: 'A To or CC recipient contains' },
  { token: 'subject:', example: 'subject:"vat return"', hint: 'Subject contains' },
  { token: 'has:attachment', example: 'has:attachment', hint: 'Has an attachment' },
  { token: 'is:unread', example: 'is:unread', hint: 'Unread only' },
  { token: 'is:read', example: 'is:read', hint: 'Read only' },
  { token: 'before:', example: 'before:2026-01-31', hint: 'Received before a day (YYYY-MM-DD)' },
  { token: 'after:', example: 'after:2026-01-01', hint: 'Received on or after a day (YYYY-MM-DD)' },
  {
    token: 'in:',
    example: 'in:later',
    hint: 'Search another view: later, low-priority, scheduled, sent, cleared',
  },
] as const;

const OPERATOR_NAMES = ['from', 'to', 'subject', 'has', 'is', 'before', 'after', 'in'] as const;
type OperatorName = (typeof OPERATOR_NAMES)[number];

// A token: optional '-', optional `name:`, then a quoted phrase (closing quote optional) or a bare word.
const TOKEN = /(-?)(?:([a-z]+):)?(?:"([^"]*)"?|(\S*))/giy;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isOperatorName(name: string): name is OperatorName {
  return (OPERATOR_NAMES as readonly string[]).includes(name);
}

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

type Token = { negated: boolean; name: string | null; value: string; quoted: boolean; raw: string };

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < query.length) {
    if (/\s/.test(query[index] ?? '')) {
      index += 1;
      continue;
    }
    TOKEN.lastIndex = index;
    const match = TOKEN.exec(query);
    if (!match || match[0] === '') {
      // A lone character the pattern cannot start on (cannot happen for non-space input); keep it as text.
      tokens.push({
        negated: false,
        name: null,
        value: query[index] ?? '',
        quoted: false,
        raw: query[index] ?? '',
      });
      index += 1;
      continue;
    }
    const [raw, dash, name, phrase, word] = match;
    tokens.push({
      negated: dash === '-',
      name: name ? name.toLowerCase() : null,
      value: phrase ?? word ?? '',
      quoted: phrase !== undefined,
      raw,
    });
    index = TOKEN.lastIndex;
  }
  return tokens;
}

/** Whether a token is special: a known operator, a quoted phrase, or a negated term. */
function isSpecial(token: Token): boolean {
  if (token.name !== null) return isOperatorName(token.name);
  return token.quoted || (token.negated && token.value !== '');
}

function operatorError(token: Token): string | null {
  const name = token.name as OperatorName;
  const value = token.value.trim();
  switch (name) {
    case 'from':
    case 'to':
    case 'subject':
      return value === ''
        ? `${name}: needs a value, e.g. ${name === 'subject' ? 'subject:"vat return"' : `${name}:acme.com`}.`
        : null;
    case 'has':
      return value.toLowerCase() === 'attachment' ? null : 'has: only knows has:attachment.';
    case 'is':
      return ['read', 'unread'].includes(value.toLowerCase()) ? null : 'is: takes is:unread or is:read.';
    case 'before':
    case 'after':
      return isCalendarDay(value)
        ? null
        : `${name}: needs a day written YYYY-MM-DD, e.g. ${name}:2026-01-31.`;
    case 'in':
      return (SEARCH_IN_VIEWS as readonly string[]).includes(value.toLowerCase())
        ? null
        : `in: takes one of ${SEARCH_IN_VIEWS.join(', ')}.`;
  }
}

/** Parses a triage search; a bad operator value comes back as a message for under the search box. */
export function parseSearchQuery(query: string | null | undefined): SearchParseResult {
  const trimmed = (query ?? '').trim();
  const tokens = tokenize(trimmed);
  if (!tokens.some(isSpecial)) return { ok: true, search: { text: trimmed, conditions: [], view: null } };
  const words: string[] = [];
  const conditions: SearchCondition[] = [];
  let view: SearchInView | null = null;
  for (const token of tokens) {
    if (!isSpecial(token)) {
      words.push(token.raw);
      continue;
    }
    if (token.name === null) {
      if (token.value.trim() !== '')
        conditions.push({ kind: 'text', value: token.value.trim(), negated: token.negated });
      continue;
    }
    const error = operatorError(token);
    if (error) return { ok: false, error };
    const value = token.value.trim();
    const name = token.name as OperatorName;
    if (name === 'from' || name === 'to' || name === 'subject') {
      conditions.push({ kind: name, value, negated: token.negated });
    } else if (name === 'has') {
      conditions.push({ kind: 'has-attachment', negated: token.negated });
    } else if (name === 'is') {
      conditions.push({ kind: 'is-read', value: (value.toLowerCase() === 'read') !== token.negated });
    } else if (name === 'before' || name === 'after') {
      if (token.negated)
        return { ok: false, error: `Use ${name === 'before' ? 'after' : 'before'}: instead of -${name}:.` };
      conditions.push({ kind: name, day: value });
    } else {
      if (token.negated) return { ok: false, error: 'in: cannot be negated.' };
      const wanted = value.toLowerCase() as SearchInView;
      if (view !== null && view !== wanted) return { ok: false, error: 'Only one in: per search.' };
      view = wanted;
    }
  }
  return { ok: true, search: { text: words.join(' '), conditions, view } };
}

/** The view a list query really shows: an `in:` operator's, else the page's own. */
export function effectiveView(pageView: TriageView, search: ParsedSearch): TriageView {
  return search.view ?? pageView;
}

export type SearchSuggestion = { insert: string; label: string; hint: string };

const VALUE_SUGGESTIONS: Partial<Record<OperatorName, readonly string[]>> = {
  has: ['attachment'],
  is: ['unread', 'read'],
  in: SEARCH_IN_VIEWS,
};

/**
 * Suggestions for the word being typed at the end of the search box: operators whose name starts with it,
 * or the values of an operator once its colon is typed. `insert` replaces that last word.
 */
export function searchSuggestions(query: string): SearchSuggestion[] {
  if (query === '' || /\s$/.test(query)) return [];
  const last = query.split(/\s+/).at(-1) ?? '';
  const negated = last.startsWith('-');
  const word = (negated ? last.slice(1) : last).toLowerCase();
  const dash = negated ? '-' : '';
  if (word === '') return [];
  const colon = word.indexOf(':');
  if (colon === -1) {
    return SEARCH_OPERATORS.filter(
      (operator) => operator.token.startsWith(word) && operator.token !== word,
    ).map((operator) => ({
      insert: `${dash}${operator.token}`,
      label: operator.example,
      hint: operator.hint,
    }));
  }
  const name = word.slice(0, colon);
  const typed = word.slice(colon + 1);
  if (!isOperatorName(name)) return [];
  const values = VALUE_SUGGESTIONS[name];
  if (!values) return [];
  return values
    .filter((value) => value.startsWith(typed) && value !== typed)
    .map((value) => ({
      insert: `${dash}${name}:${value}`,
      label: `${name}:${value}`,
      hint:
        SEARCH_OPERATORS.find((operator) => operator.token === `${name}:${value}`)?.hint ?? `Search ${value}`,
    }));
}

type SearchableFields = {
  subject: string;
  fromAddress: string;
  isRead: boolean;
  time: string;
  metadata: Record<string, unknown>;
};

const includesText = (haystack: unknown, needle: string) =>
  (typeof haystack === 'string' ? haystack : JSON.stringify(haystack ?? ''))
    .toLowerCase()
    .includes(needle.toLowerCase());

/**
 * Whether an item meets the conditions of a parsed search, in memory — the twin of the server's SQL
 * (features/triage/item-filters-sql.ts), for the benchmark's read-everything baseline and for tests. The plain
 * text is the caller's (the domain's matchesSearch over every searchable field).
 */
export function meetsSearchConditions(
  item: SearchableFields,
  conditions: readonly SearchCondition[],
  searchableText: string,
): boolean {
  return conditions.every((condition) => {
    switch (condition.kind) {
      case 'text':
        return includesText(searchableText, condition.value) !== condition.negated;
      case 'from':
        return includesText(item.fromAddress, condition.value) !== condition.negated;
      case 'subject':
        return includesText(item.subject, condition.value) !== condition.negated;
      case 'to': {
        const list = (key: string) =>
          Array.isArray(item.metadata[key]) ? (item.metadata[key] as unknown[]) : [];
        const found = [...list('to'), ...list('cc')].some((entry) => includesText(entry, condition.value));
        return found !== condition.negated;
      }
      case 'has-attachment':
        return (item.metadata.has_attachments === true) !== condition.negated;
      case 'is-read':
        return item.isRead === condition.value;
      case 'before':
        return Date.parse(item.time) < Date.parse(`${condition.day}T00:00:00Z`);
      case 'after':
        return Date.parse(item.time) >= Date.parse(`${condition.day}T00:00:00Z`);
      default:
        return true;
    }
  });
}
