import { describe, expect, it } from 'vitest';
import { memberLabel } from './member-label';

describe('memberLabel', () => {
  const priya = { userId: 'u1', name: 'Priya Shah', email: 'priya@harper.test' };
  const sam = { userId: 'u2', name: 'Sam Lowe', email: 'sam@harper.test' };

  it('is the display name alone when no other member shares it', () => {
    expect(memberLabel(priya, [priya, sam])).toBe('Priya Shah');
  });

  it('adds the address when another member has the same name (case and spaces aside)', () => {
    const namesake = { userId: 'u3', name: 'priya shah ', email: 'p.shah@harper.test' };
    expect(memberLabel(priya, [priya, sam, namesake])).toBe('Priya Shah (priya@harper.test)');
    expect(memberLabel(namesake, [priya, sam, namesake])).toBe('priya shah  (p.shah@harper.test)');
  });
});
