import { describe, expect, it } from 'vitest';
import { replyThreading } from './reply-threading';

describe('replyThreading', () => {
  it("answers the original's Message-ID after its References", () => {
    expect(replyThreading({ messageId: 'b@x', references: ['a@x'] })).toEqual({
      inReplyTo: 'b@x',
      references: ['a@x', 'b@x'],
    });
  });

  it("falls back to the original's In-Reply-To when it has no References", () => {
    expect(replyThreading({ messageId: 'b@x', references: [], inReplyTo: ['a@x'] }).references).toEqual([
      'a@x',
      'b@x',
    ]);
  });

  it('names the Message-ID once when References already end with it', () => {
    expect(replyThreading({ messageId: 'b@x', references: ['a@x', 'b@x'] }).references).toEqual([
      'a@x',
      'b@x',
    ]);
  });

  it('keeps the References of an original without a Message-ID', () => {
    expect(replyThreading({ messageId: null, references: ['a@x'] })).toEqual({
      inReplyTo: null,
      references: ['a@x'],
    });
  });
});
