import { describe, expect, it } from 'vitest';
import { findGaps } from './find-gaps';

const since = new Date('2026-11-01T00:00:00Z');
const inWindow = new Date('2026-11-20T00:00:00Z');
const before = new Date('2026-10-01T00:00:00Z');

describe('findGaps', () => {
  it('finds what triage lacks, what it holds that the provider no longer lists, and missed moves', () => {
    const gaps = findGaps(
      new Map([
        ['inbox', ['a', 'b', 'moved']],
        ['archive', ['c']],
      ]),
      [
        { messageId: 'a', folder: 'inbox', time: inWindow },
        { messageId: 'gone', folder: 'inbox', time: inWindow },
        { messageId: 'moved', folder: 'archive', time: inWindow },
        { messageId: 'old', folder: 'inbox', time: before },
        { messageId: 'c', folder: 'archive', time: inWindow },
      ],
      since,
    );
    expect(gaps).toEqual({ listed: 4, missing: ['b'], extra: ['gone', 'moved'] });
  });

  it('leaves items of folders it did not list, and items before the window, alone', () => {
    const gaps = findGaps(
      new Map([['inbox', []]]),
      [
        { messageId: 'x', folder: 'sent', time: inWindow },
        { messageId: 'y', folder: 'inbox', time: before },
      ],
      since,
    );
    expect(gaps).toEqual({ listed: 0, missing: [], extra: [] });
  });
});
