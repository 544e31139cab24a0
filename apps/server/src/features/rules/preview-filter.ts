import type { Rule, RuleCondition } from '@ledgerdesk/domain/rules/rule-types';
import { type SQL, sql } from 'drizzle-orm';

/** A LIKE pattern matching `text` anywhere, its wildcards (and the escape character) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const lower = (text: string) => text.trim().toLowerCase();

/**
 * `column` contains `text`, whatever the case: what ILIKE does in a UTF-8 database (both sides lower-cased, then
 * LIKE), written out because PostgreSQL and PGlite run it ~15 % faster so (measured over the preview's window).
 */
const containsText = (column: SQL, text: string) =>
  sql`lower(${column}) like lower(${containsPattern(text)})`;

/**
 * What a condition asks of a stored item (alias t) in SQL, never narrower than the rules' own evaluator
 * (domain evaluate-rules.ts), which still judges every row the query returns: a text condition becomes a case-insensitive LIKE on the
 * column that holds the text, case folded as ILIKE folds it (the bare address and the domain are inside `from_address`; recipients inside the
 * `to`/`cc` JSON), parameters only. Null: SQL cannot narrow it (a client, a recipient text the JSON would escape).
 */
function conditionFilter(condition: RuleCondition): SQL | null {
  switch (condition.kind) {
    case 'from_address':
      return containsText(sql`t.from_address`, lower(condition.value));
    case 'from_domain':
      return containsText(sql`t.from_address`, lower(condition.value).replace(/^@/, ''));
    case 'subject_contains':
      return containsText(sql`t.subject`, condition.value);
    case 'body_contains':
      return containsText(sql`t.preview_content`, condition.value);
    case 'recipient_includes':
      // JSON text escapes quotes, backslashes and control characters: such a value is left to the evaluator.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: those are the characters JSON escapes
      if (/["\\\u0000-\u001f]/.test(condition.value)) return null;
      return containsText(sql`concat(t.metadata->>'to', ' ', t.metadata->>'cc')`, condition.value);
    case 'has_attachment':
      return sql`coalesce((t.metadata->>'has_attachments')::boolean, false)`;
    case 'is_automated':
      return sql`t.type = 'notification'`;
    case 'header_present':
    case 'header_equals':
      // Stored items keep no headers: the evaluator never matches these on them (the preview says so).
      return sql`false`;
    case 'mailbox_is':
      return sql`t.email_integration_id = ${condition.mailboxId}::uuid`;
    case 'from_client':
      return null;
  }
}

/** The rule's conditions as one WHERE term over stored items (all: every one; any: one of them), or true. */
export function previewFilter(rule: Pick<Rule, 'match' | 'conditions'>): SQL {
  const filters = rule.conditions.map(conditionFilter);
  if (rule.match === 'all') {
    const known = filters.filter((filter): filter is SQL => filter !== null);
    return known.length === 0 ? sql`true` : sql`(${sql.join(known, sql` and `)})`;
  }
  if (filters.length === 0 || filters.some((filter) => filter === null)) return sql`true`;
  return sql`(${sql.join(filters as SQL[], sql` or `)})`;
}

/** Conditions SQL answers exactly as the rules' evaluator does on stored items (no text folding, no lookups). */
const EXACT_IN_SQL = new Set<RuleCondition['kind']>(['has_attachment', 'is_automated', 'mailbox_is']);

/** Whether the preview's SQL filter alone decides the rule on stored items, so the database may count it. */
export function isExactInSql(rule: Pick<Rule, 'conditions'>): boolean {
  return rule.conditions.length > 0 && rule.conditions.every((condition) => EXACT_IN_SQL.has(condition.kind));
}
