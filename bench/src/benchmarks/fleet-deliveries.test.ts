import { describe, expect, it } from 'vitest';
import { shuffledOrder } from './fleet-deliveries';

describe('shuffledOrder', () => {
  it('lists every mailbox exactly once', () => {
    const order = shuffledOrder(50);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index));
  });

  it('follows the random source (a source always at 0 rotates the list)', () => {
    expect(shuffledOrder(4, () => 0)).toEqual([1, 2, 3, 0]);
  });
});
