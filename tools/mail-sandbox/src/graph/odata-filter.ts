import type { StoredMessage } from '../store/types';
import { extendedPropertyFilter } from './extended-properties';

export type MessagePredicate = (message: StoredMessage) => boolean;

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  eq: (a, b) => a === b,
  ne: (a, b) => a !== b,
  ge: (a, b) => a >= b,
  gt: (a, b) => a > b,
  le: (a, b) => a <= b,
  lt: (a, b) => a < b,
};

/**
 * A small `$filter` subset: receivedDateTime/sentDateTime comparisons, isRead, hasAttachments, conversationId,
 * or (alone) a single-value extended property's `Any(ep: ep/id eq … and ep/value eq …)`.
 */
export function parseODataFilter(filter: string | undefined): MessagePredicate | { error: string } {
  if (!filter?.trim()) return () => true;
  const byProperty = extendedPropertyFilter(filter);
  if (byProperty) return byProperty;
  const clauses = filter.split(/\s+and\s+/i);
  const predicates: MessagePredicate[] = [];
  for (const clause of clauses) {
    const match = /^\s*(\w+)\s+(eq|ne|ge|gt|le|lt)\s+(.+?)\s*$/i.exec(clause);
    const [, property = '', operator = '', literal = ''] = match ?? [];
    const compare = COMPARE[operator.toLowerCase()];
    if (!match || !compare) return { error: `Invalid filter clause: ${clause}` };
    const text = literal.replace(/^'(.*)'$/, '$1');
    switch (property.toLowerCase()) {
      case 'receiveddatetime':
      case 'sentdatetime': {
        const value = Date.parse(text);
        if (Number.isNaN(value)) return { error: `Invalid date literal: ${literal}` };
        const field = property.toLowerCase() === 'sentdatetime' ? 'sentAt' : 'receivedAt';
        predicates.push((m) => compare(Math.floor(m[field] / 1000), Math.floor(value / 1000)));
        break;
      }
      case 'isread':
        predicates.push((m) => compare(Number(m.isRead), Number(text === 'true')));
        break;
      case 'hasattachments':
        predicates.push((m) =>
          compare(Number(m.attachments.some((a) => !a.isInline)), Number(text === 'true')),
        );
        break;
      case 'conversationid':
        predicates.push((m) => (operator.toLowerCase() === 'ne') !== (m.threadId === text));
        break;
      default:
        return { error: `Could not find a property named '${property}' on type 'microsoft.graph.message'.` };
    }
  }
  return (message) => predicates.every((predicate) => predicate(message));
}
