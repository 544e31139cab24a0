import { describe, expect, it } from 'vitest';
import { parseUserNotice } from './notice-events';

describe('parseUserNotice', () => {
  it('reads a notice with its owner and the held message it names', () => {
    expect(
      parseUserNotice(
        JSON.stringify({
          kind: 'send-failed',
          title: 'Send Failed',
          description: 'Try again.',
          outgoingId: 'o1',
          userId: 'u1',
        }),
      ),
    ).toEqual({
      kind: 'send-failed',
      title: 'Send Failed',
      description: 'Try again.',
      outgoingId: 'o1',
      userId: 'u1',
    });
  });

  it('refuses what is not a notice: bad JSON, no kind, no texts, not a string', () => {
    expect(parseUserNotice('{')).toBeNull();
    expect(parseUserNotice(JSON.stringify({ title: 'x', description: 'y' }))).toBeNull();
    expect(parseUserNotice(JSON.stringify({ kind: 'send-failed', title: 'x' }))).toBeNull();
    expect(parseUserNotice(42)).toBeNull();
  });
});
