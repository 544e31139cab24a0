import { describe, expect, it } from 'vitest';
import { parseItemChanges } from './item-change-payload';

describe('parseItemChanges', () => {
  it('reads the rows of a statement, skipping rows that do not parse', () => {
    const payload = JSON.stringify({
      op: 'UPDATE',
      rows: [
        ['user-1', 'item-1', 'thread-1', 'mailbox-1', false, 'sent', null, false],
        ['user-1', 'item-2', 'thread-2', null, true],
        ['user-1', 42, 'thread-3', null, false],
        'garbage',
      ],
    });
    expect(parseItemChanges(payload)).toEqual([
      {
        op: 'UPDATE',
        userId: 'user-1',
        id: 'item-1',
        threadKey: 'thread-1',
        mailboxId: 'mailbox-1',
        raised: false,
        place: { status: 'sent', folderState: null, isSnoozed: false },
      },
      { op: 'UPDATE', userId: 'user-1', id: 'item-2', threadKey: 'thread-2', mailboxId: null, raised: true },
    ]);
  });

  it('reads a one-row payload (comments) and a firm change', () => {
    const comment = { op: 'COMMENT', userId: 'u', id: 'c', threadKey: 't', mailboxId: 'm' };
    expect(parseItemChanges(JSON.stringify(comment))).toEqual([
      { op: 'COMMENT', userId: 'u', id: 'c', threadKey: 't', mailboxId: 'm', raised: false },
    ]);
    expect(parseItemChanges(JSON.stringify({ op: 'FIRM', firmId: 'f', userId: 'u' }))).toEqual({
      op: 'FIRM',
      firmId: 'f',
      userId: 'u',
    });
    expect(parseItemChanges(JSON.stringify({ op: 'FIRM' }))).toEqual({
      op: 'FIRM',
      firmId: null,
      userId: null,
    });
  });

  it('answers null for anything else', () => {
    for (const payload of ['not json', 'null', '[]', '{"op":"DROP"}', '{"op":"INSERT","id":1}'])
      expect(parseItemChanges(payload)).toBeNull();
  });
});
