import { describe, expect, it } from 'vitest';
import { containsPattern, isExactInSql } from './preview-filter';

describe('containsPattern', () => {
  it('takes LIKE wildcards and the escape character literally', () => {
    expect(containsPattern('50%_off')).toBe('%50\\%\\_off%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
    expect(containsPattern('plain')).toBe('%plain%');
  });
});

describe('isExactInSql', () => {
  it('lets the database count only rules it decides alone', () => {
    expect(isExactInSql({ conditions: [{ kind: 'has_attachment' }, { kind: 'is_automated' }] })).toBe(true);
    expect(
      isExactInSql({ conditions: [{ kind: 'has_attachment' }, { kind: 'subject_contains', value: 'x' }] }),
    ).toBe(false);
    expect(isExactInSql({ conditions: [] })).toBe(false);
  });
});
