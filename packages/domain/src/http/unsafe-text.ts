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

/**
 * Characters a name must not hold (firm, client and organisation names, handles): C0 and C1 controls (CR and LF
 * among them, which would split an email header), DEL, the line and paragraph separators, and the marks and
 * overrides that reorder how text around them reads (U+200E/F, U+061C, U+202A–U+202E, U+2066–U+2069).
 */
const UNSAFE_NAME_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

export const UNSAFE_NAME_MESSAGE = 'must not contain line breaks, control characters or text-direction marks';

/** Whether a name holds a control, line-break or text-direction character. */
export function hasUnsafeNameCharacters(text: string): boolean {
  UNSAFE_NAME_CHARACTERS.lastIndex = 0;
  const found = UNSAFE_NAME_CHARACTERS.test(text);
  UNSAFE_NAME_CHARACTERS.lastIndex = 0;
  return found;
}

/** The text with every such character replaced by a space (for a header built from names stored earlier). */
export function withoutUnsafeNameCharacters(text: string): string {
  return text.replace(UNSAFE_NAME_CHARACTERS, ' ');
}
