import { describe, expect, it } from 'vitest';
import { formatGmailCursor, parseGmailCursor } from './gmail-cursor';

describe('Gmail cursor', () => {
  it('stores a bare history id between runs and the page position within one', () => {
    const cases = [
      { mode: 'history', historyId: '4821' },
      { mode: 'history', historyId: '4821', pageToken: '0987' },
      { mode: 'full', historyId: '4821', pageToken: 'cDEyMw' },
    ] as const;
    for (const cursor of cases) expect(parseGmailCursor(formatGmailCursor(cursor))).toEqual(cursor);
    expect(formatGmailCursor({ mode: 'history', historyId: '4821' })).toBe('4821');
  });

  it('starts over on an empty or unreadable cursor', () => {
    expect(parseGmailCursor(null)).toBeNull();
    expect(parseGmailCursor('')).toBeNull();
    expect(parseGmailCursor('https://graph.microsoft.com/delta')).toBeNull();
  });
});
