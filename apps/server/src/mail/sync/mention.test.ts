import { describe, expect, it } from 'vitest';
import { mentionsHandle, normalizeHandle } from './mention';

describe('mentions', () => {
  it('normalises the profile handle', () => {
    expect(normalizeHandle('@alex.m')).toBe('alex.m');
    expect(normalizeHandle('alex')).toBe('alex');
    expect(normalizeHandle('  ')).toBeNull();
    expect(normalizeHandle(null)).toBeNull();
  });

  it('finds @handle as a word, case-insensitively', () => {
    expect(mentionsHandle('Can @Alex review the VAT file?', 'alex')).toBe(true);
    expect(mentionsHandle('@alex.m please sign', 'alex.m')).toBe(true);
    expect(mentionsHandle('(cc @alex)', 'alex')).toBe(true);
  });

  it('ignores email addresses, longer handles and a missing handle', () => {
    expect(mentionsHandle('write to team@alex.test', 'alex')).toBe(false);
    expect(mentionsHandle('thanks @alexander', 'alex')).toBe(false);
    expect(mentionsHandle('hello @alex', null)).toBe(false);
  });
});
