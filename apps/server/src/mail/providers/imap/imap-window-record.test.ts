import { describe, expect, it } from 'vitest';
import type { ParsedImapMessage } from './imap-message';
import { idOfKnown, type KnownMessage, knownOf, knownOfHead, mergeKnown, uidSet } from './imap-window-record';

const DAY = 86_400_000;

function fetched(uid: number, messageId: string | null, seen: boolean, date: Date): ParsedImapMessage {
  return {
    fetched: { seq: uid, uid, flags: new Set(seen ? ['\\Seen'] : []), internalDate: date },
    parsed: { messageId: messageId ? `<${messageId}>` : undefined },
  } as unknown as ParsedImapMessage;
}

describe('the window record of an IMAP folder cursor', () => {
  it('writes UID sets as ranges', () => {
    expect(uidSet([9, 1, 2, 3, 7, 10, 11, 3])).toBe('1:3,7,9:11');
    expect(uidSet([5])).toBe('5');
    expect(uidSet([])).toBe('');
  });

  it('adds fetched messages, refreshes read states, and drops what left the window', () => {
    const now = new Date('2026-11-29T08:00:00Z');
    const since = new Date(now.getTime() - 30 * DAY);
    const today = Math.floor(now.getTime() / DAY);
    const known: KnownMessage[] = [
      [3, 'old@x', 0, today - 40],
      [4, 'kept@x', 0, today - 2],
    ];
    const added = [fetched(4, 'kept@x', true, now), fetched(9, null, false, now)].map(knownOf);
    const merged = mergeKnown(known, added, since);
    expect(merged).toEqual([
      [4, 'kept@x', 1, today],
      [9, null, 0, today],
    ]);
  });

  it('reads the Message-ID of a message fetched with its envelope only', () => {
    const date = new Date('2026-11-29T08:00:00Z');
    const head = { seq: 5, uid: 5, flags: new Set(), internalDate: date, envelope: { messageId: '<e@x>' } };
    expect(knownOfHead(head as never)).toEqual([5, 'e@x', 0, Math.floor(date.getTime() / DAY)]);
  });

  it('names a remembered message by the id the sync gave it', () => {
    expect(idOfKnown([4, 'a@x', 0, 0], 'inbox', '77')).toBe('inbox|<a@x>');
    expect(idOfKnown([9, null, 0, 0], 'archive', '77')).toBe('archive|uid:77:9');
  });
});
