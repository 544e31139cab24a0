import { describe, expect, it } from 'vitest';
import { extraAvatarsLabel, noItemsInPage } from './triage-page-texts';

describe('triage page texts', () => {
  it('names the page in the empty list text', () => {
    expect(noItemsInPage('Later')).toBe('No items in Later');
  });

  it('shows "+N" only beyond the avatars shown', () => {
    expect(extraAvatarsLabel(5, 3)).toBe('+2');
    expect(extraAvatarsLabel(3, 3)).toBeNull();
  });
});
