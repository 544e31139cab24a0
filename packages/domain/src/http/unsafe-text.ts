/** A NUL character, or half of a UTF-16 surrogate pair without its other half (text no database can store). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL characters is this pattern's purpose.
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = 'must not contain NUL characters or broken Unicode';

/** Whether a string holds a NUL character or a lone surrogate. */
export function isUnsafeText(text: string): boolean {
  return UNSAFE_TEXT.test(text);
}

/** The path (`a.b.0`) of the first unsafe string or key anywhere in a JSON-like value, or null. */
export function findUnsafeText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return isUnsafeText(value) ? path.join('.') : null;
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  for (const [key, entry] of Object.entries(value)) {
    if (isUnsafeText(key)) return [...path, key.replace(UNSAFE_TEXT, '?')].join('.');
    const found = findUnsafeText(entry, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}
