import { gmailLabelIds, hasGmailLabel } from '../store/change-log';
import type { StoredMessage } from '../store/types';

export type GmailPredicate = (message: StoredMessage) => boolean;
export type ParsedQuery = { matches: GmailPredicate; mentionsSpamOrTrash: boolean };

const DAY = 86_400_000;
const UNIT_MS: Record<string, number> = { h: 3_600_000, d: DAY, m: 30 * DAY, y: 365 * DAY };
const IN_LABELS: Record<string, string> = {
  inbox: 'INBOX',
  sent: 'SENT',
  trash: 'TRASH',
  spam: 'SPAM',
  drafts: 'DRAFT',
  starred: 'STARRED',
  important: 'IMPORTANT',
};

function tokenize(q: string): string[] {
  return q.match(/-?\w+:"[^"]*"|-?\w+:\S+|-?"[^"]*"|\S+/g) ?? [];
}

function parseDate(value: string): number | undefined {
  if (/^\d{9,}$/.test(value)) return Number(value) * 1000;
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(value);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
}

const contains = (haystack: string, needle: string): boolean =>
  haystack.toLowerCase().includes(needle.toLowerCase());
const hasLabel = hasGmailLabel;

function term(key: string, value: string, now: number): GmailPredicate | undefined {
  switch (key) {
    case 'after':
    case 'before': {
      const at = parseDate(value);
      if (at === undefined) return undefined;
      return key === 'after' ? (m) => m.receivedAt >= at : (m) => m.receivedAt < at;
    }
    case 'newer_than':
    case 'older_than': {
      const match = /^(\d+)([hdmy])$/.exec(value);
      if (!match) return undefined;
      const cutoff = now - Number(match[1]) * (UNIT_MS[match[2] ?? 'd'] ?? DAY);
      return key === 'newer_than' ? (m) => m.receivedAt >= cutoff : (m) => m.receivedAt < cutoff;
    }
    case 'in':
      if (value === 'anywhere') return () => true;
      return (m) => hasLabel(m, IN_LABELS[value] ?? value.toUpperCase());
    case 'is':
      if (value === 'read') return (m) => m.isRead;
      return (m) => hasLabel(m, IN_LABELS[value] ?? value.toUpperCase());
    case 'label':
      return (m) => gmailLabelIds(m).some((label) => label.toLowerCase() === value.toLowerCase());
    case 'category':
      return (m) => hasLabel(m, `CATEGORY_${value.toUpperCase()}`);
    case 'from':
      return (m) => contains(`${m.from.name} ${m.from.address}`, value);
    case 'to':
      return (m) => m.to.some((a) => contains(`${a.name} ${a.address}`, value));
    case 'cc':
      return (m) => m.cc.some((a) => contains(`${a.name} ${a.address}`, value));
    case 'subject':
      return (m) => contains(m.subject, value);
    case 'has':
      return value === 'attachment' ? (m) => m.attachments.some((a) => !a.isInline) : undefined;
    default:
      return undefined;
  }
}

/** The `q` subset needed for sync: dates, in:/is:/label:, from:/to:/subject:, negation and free text. */
export function parseGmailQuery(q: string | undefined, now: number): ParsedQuery {
  const predicates: GmailPredicate[] = [];
  let mentionsSpamOrTrash = false;
  for (const token of tokenize(q ?? '')) {
    const isNegated = token.startsWith('-');
    const bare = isNegated ? token.slice(1) : token;
    const colon = bare.indexOf(':');
    const key = colon > 0 ? bare.slice(0, colon).toLowerCase() : '';
    const value = (colon > 0 ? bare.slice(colon + 1) : bare).replace(/^"|"$/g, '');
    if (key === 'in' && ['trash', 'spam', 'anywhere'].includes(value.toLowerCase()) && !isNegated)
      mentionsSpamOrTrash = true;
    const predicate =
      term(key, key === 'label' ? value : value.toLowerCase(), now) ??
      ((m: StoredMessage) => contains(`${m.subject} ${m.from.name} ${m.from.address}`, value));
    predicates.push(isNegated ? (m) => !predicate(m) : predicate);
  }
  return { matches: (message) => predicates.every((predicate) => predicate(message)), mentionsSpamOrTrash };
}
