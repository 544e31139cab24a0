import { describe, expect, it } from 'vitest';
import { chooseSender, type SenderCandidate } from './choose-sender';

function integration(id: string, provider: 'office365' | 'gmail', isActive = true): SenderCandidate {
  return { id, provider, isActive };
}

describe('chooseSender', () => {
  it("sends a reply from the original's mailbox", () => {
    expect(chooseSender([integration('o', 'office365'), integration('g', 'gmail')], 'g')?.id).toBe('g');
  });

  it('prefers an active Office 365 mailbox, then an active Gmail one', () => {
    expect(chooseSender([integration('g', 'gmail'), integration('o', 'office365')], null)?.id).toBe('o');
    expect(chooseSender([integration('o', 'office365', false), integration('g', 'gmail')], null)?.id).toBe(
      'g',
    );
  });

  it('falls back to an inactive mailbox so the inactive message can be shown, and to null without any', () => {
    expect(chooseSender([integration('o', 'office365', false)], null)?.isActive).toBe(false);
    expect(chooseSender([], null)).toBeNull();
  });
});
