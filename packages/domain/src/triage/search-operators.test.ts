import { describe, expect, it } from 'vitest';
import { isCalendarDay, parseSearchQuery, searchSuggestions } from './search-operators';

function parsed(query: string) {
  const result = parseSearchQuery(query);
  if (!result.ok) throw new Error(`expected ${query} to parse: ${result.error}`);
  return result.search;
}

function errorOf(query: string): string {
  const result = parseSearchQuery(query);
  if (result.ok) throw new Error(`expected ${query} to be refused`);
  return result.error;
}

describe('parseSearchQuery', () => {
  it('keeps a plain search exactly as it was typed (one case-insensitive contains)', () => {
    expect(parsed('  Quarterly VAT - review ')).toEqual({
      text: 'Quarterly VAT - review',
      conditions: [],
      view: null,
    });
    expect(parsed('Re: invoice 10:30 http://x.test')).toEqual({
      text: 'Re: invoice 10:30 http://x.test',
      conditions: [],
      view: null,
    });
    expect(parsed('')).toEqual({ text: '', conditions: [], view: null });
    expect(parsed(undefined as unknown as string).text).toBe('');
  });

  it('reads every operator', () => {
    const search = parsed(
      'from:acme to:Priya subject:"vat return" has:attachment is:unread before:2026-02-01 after:2026-01-01 in:later',
    );
    expect(search.text).toBe('');
    expect(search.view).toBe('later');
    expect(search.conditions).toEqual([
      { kind: 'from', value: 'acme', negated: false },
      { kind: 'to', value: 'Priya', negated: false },
      { kind: 'subject', value: 'vat return', negated: false },
      { kind: 'has-attachment', negated: false },
      { kind: 'is-read', value: false },
      { kind: 'before', day: '2026-02-01' },
      { kind: 'after', day: '2026-01-01' },
    ]);
    expect(parsed('is:read').conditions).toEqual([{ kind: 'is-read', value: true }]);
    expect(parsed('FROM:Acme IN:Cleared').view).toBe('cleared');
  });

  it('joins the free words into one contains text beside the operators', () => {
    expect(parsed('quarterly from:acme report')).toEqual({
      text: 'quarterly report',
      conditions: [{ kind: 'from', value: 'acme', negated: false }],
      view: null,
    });
  });

  it('treats quoted phrases and negated terms as their own conditions', () => {
    expect(parsed('"year end" -draft -"do not reply" -from:noreply').conditions).toEqual([
      { kind: 'text', value: 'year end', negated: false },
      { kind: 'text', value: 'draft', negated: true },
      { kind: 'text', value: 'do not reply', negated: true },
      { kind: 'from', value: 'noreply', negated: true },
    ]);
    expect(parsed('-is:unread').conditions).toEqual([{ kind: 'is-read', value: true }]);
    expect(parsed('-has:attachment').conditions).toEqual([{ kind: 'has-attachment', negated: true }]);
    expect(parsed('"unterminated phrase').conditions).toEqual([
      { kind: 'text', value: 'unterminated phrase', negated: false },
    ]);
  });

  it('leaves unknown prefixes and a lone dash as plain text', () => {
    expect(parsed('label:x foo')).toEqual({ text: 'label:x foo', conditions: [], view: null });
    expect(parsed('Q3 - VAT is:unread').text).toBe('Q3 - VAT');
  });

  it('says what is wrong with a bad operator value', () => {
    expect(errorOf('from:')).toBe('from: needs a value, e.g. from:acme.com.');
    expect(errorOf('subject:""')).toBe('subject: needs a value, e.g. subject:"vat return".');
    expect(errorOf('has:pdf')).toBe('has: only knows has:attachment.');
    expect(errorOf('is:starred')).toBe('is: takes is:unread or is:read.');
    expect(errorOf('before:2026-02-30')).toBe(
      'before: needs a day written YYYY-MM-DD, e.g. before:2026-01-31.',
    );
    expect(errorOf('after:yesterday')).toBe('after: needs a day written YYYY-MM-DD, e.g. after:2026-01-31.');
    expect(errorOf('in:inbox')).toBe('in: takes one of later, low-priority, scheduled, sent, cleared.');
    expect(errorOf('in:later in:sent')).toBe('Only one in: per search.');
    expect(errorOf('-in:later')).toBe('in: cannot be negated.');
    expect(errorOf('-before:2026-01-01')).toBe('Use after: instead of -before:.');
  });
});

describe('isCalendarDay', () => {
  it('accepts real days only', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2025-13-01')).toBe(false);
    expect(isCalendarDay('2025-1-01')).toBe(false);
  });
});

describe('searchSuggestions', () => {
  it('offers operators for a started word and values after a colon', () => {
    expect(searchSuggestions('invoice f').map((s) => s.insert)).toEqual(['from:']);
    expect(searchSuggestions('is:').map((s) => s.insert)).toEqual(['is:unread', 'is:read']);
    expect(searchSuggestions('is:u').map((s) => s.insert)).toEqual(['is:unread']);
    expect(searchSuggestions('-ha').map((s) => s.insert)).toEqual(['-has:attachment']);
    expect(searchSuggestions('in:l').map((s) => s.insert)).toEqual(['in:later', 'in:low-priority']);
  });

  it('offers nothing after a space, for complete values or for unknown prefixes', () => {
    expect(searchSuggestions('from ')).toEqual([]);
    expect(searchSuggestions('is:unread')).toEqual([]);
    expect(searchSuggestions('label:')).toEqual([]);
    expect(searchSuggestions('')).toEqual([]);
  });
});
