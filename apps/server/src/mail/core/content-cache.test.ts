import type { EmailInThread } from '@ledgerdesk/domain/entities';
import { describe, expect, it } from 'vitest';
import { ContentCache } from './content-cache';

const email = (id: string) => ({ id }) as EmailInThread;

describe('content cache', () => {
  it('keeps the most recently used messages per integration', () => {
    const cache = new ContentCache(2, 60_000);
    cache.set('i1', 'a', email('a'));
    cache.set('i1', 'b', email('b'));
    expect(cache.get('i1', 'a')?.id).toBe('a');
    cache.set('i1', 'c', email('c'));
    expect(cache.get('i1', 'b')).toBeNull();
    expect(cache.get('i1', 'a')?.id).toBe('a');
    expect(cache.get('i2', 'a')).toBeNull();
  });

  it('expires entries and forgets deleted ones', () => {
    const cache = new ContentCache(10, 1000);
    cache.set('i1', 'a', email('a'), 0);
    expect(cache.get('i1', 'a', 999)?.id).toBe('a');
    expect(cache.get('i1', 'a', 1001)).toBeNull();
    cache.set('i1', 'b', email('b'));
    cache.delete('i1', 'b');
    expect(cache.get('i1', 'b')).toBeNull();
  });
});
