import { describe, expect, it } from 'vitest';
import { firmNameSchema } from '../api/firms';
import { hasUnsafeNameCharacters, withoutUnsafeNameCharacters } from './unsafe-text';

describe('names: control, line-break and text-direction characters', () => {
  const unsafe = [
    '\r',
    '\n',
    '\t',
    '\u0000',
    '\u001B',
    '\u007F',
    '\u0085',
    '\u009B',
    '\u061C',
    '\u200E',
    '\u200F',
  ];
  const bidi = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

  it('finds every one of them, anywhere in a name, and nothing in names of any script', () => {
    for (const character of [...unsafe, ...bidi, '\u2028', '\u2029'])
      expect(hasUnsafeNameCharacters(`Acme${character}Ltd`), JSON.stringify(character)).toBe(true);
    for (const name of [
      'Harper & Co',
      'Zoë Ørsted',
      'شركة المحاسبة',
      '会計事務所',
      "O'Brien-Smith (UK) Ltd.",
    ])
      expect(hasUnsafeNameCharacters(name)).toBe(false);
    // The same pattern answers the same twice in a row (no state kept between calls).
    expect(hasUnsafeNameCharacters('a\nb')).toBe(true);
    expect(hasUnsafeNameCharacters('a\nb')).toBe(true);
  });

  it('turns them into spaces for a header built from a name stored earlier', () => {
    expect(withoutUnsafeNameCharacters('Harper\r\nBcc: x@example.test \u202Eoc')).toBe(
      'Harper  Bcc: x@example.test  oc',
    );
  });

  it('makes the firm name schema refuse them (edges trimmed as before)', () => {
    expect(firmNameSchema.safeParse({ name: 'Harper\r\nBcc: x' }).success).toBe(false);
    expect(firmNameSchema.safeParse({ name: '\u202EHarper' }).success).toBe(false);
    expect(firmNameSchema.safeParse({ name: '  Harper & Co  ' }).data).toEqual({ name: 'Harper & Co' });
  });
});
