import { describe, expect, it } from 'vitest';
import { commentPieces, mentionedHandles, mentionHandleOf } from './mentions';

describe('mentions', () => {
  it('finds each handle once, lower-cased, and leaves email addresses alone', () => {
    expect(mentionedHandles('@Sam can you look? cc @priya.n and @sam. Mail me at a@b.com')).toEqual([
      'sam',
      'priya.n',
    ]);
    expect(mentionedHandles('no mentions here, just x@y.z')).toEqual([]);
    expect(mentionedHandles('(@jo) and @')).toEqual(['jo']);
  });

  it('names a member by their handle, else their email local part', () => {
    expect(mentionHandleOf({ handle: '@SamC', email: 'sam@firm.test' })).toBe('samc');
    expect(mentionHandleOf({ handle: '', email: 'Priya.N@firm.test' })).toBe('priya.n');
    expect(mentionHandleOf({ handle: 'has spaces', email: 'jo@firm.test' })).toBe('jo');
  });

  it('splits a comment into text, links and mentions, never HTML', () => {
    expect(commentPieces('See https://example.com/a?b=1. @sam <b>x</b>')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. ' },
      { kind: 'mention', text: '@sam' },
      { kind: 'text', text: ' <b>x</b>' },
    ]);
    expect(commentPieces('javascript:alert(1) mail@x.com')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) mail@x.com' },
    ]);
  });
});
