import { describe, expect, it } from 'vitest';
import { containsPattern } from './preview-filter';

describe('containsPattern', () => {
  it('takes LIKE wildcards and the escape character literally', () => {
    expect(containsPattern('50%_off')).toBe('%50\\%\\_off%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
    expect(containsPattern('plain')).toBe('%plain%');
  });
});
