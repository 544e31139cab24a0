import { PREVIEW_LENGTH } from '../constants';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  bull: '•',
};

function codePointText(code: number): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/** Decodes HTML character references (named, decimal and hex); unknown names are left as they are. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const isHex = ref[1] === 'x' || ref[1] === 'X';
      return codePointText(Number.parseInt(ref.slice(isHex ? 2 : 1), isHex ? 16 : 10)) || whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Phrasing elements: their tags sit inside words ("con<b>firm</b>ed"), so removing them adds no space. */
const INLINE_TAG =
  /<\/?(?:a|abbr|b|bdi|bdo|cite|code|data|del|dfn|em|font|i|ins|kbd|mark|q|s|samp|small|span|strike|strong|sub|sup|time|tt|u|var)\b[^>]*>/gi;

/**
 * Removes HTML tags, comments and the contents of head/script/style/template elements (entities kept). Inline
 * tags vanish without a trace; every other tag (blocks, breaks, cells) leaves a space so words never run together.
 */
export function stripTags(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(head|script|style|template|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(INLINE_TAG, '')
    .replace(/<\/?[a-z!][^>]*>/gi, ' ');
}

/** A plain-text preview: tags stripped, entities decoded, whitespace collapsed, at most `length` chars (ending in … when cut). */
export function previewText(htmlOrText: string | null | undefined, length: number = PREVIEW_LENGTH): string {
  const text = decodeEntities(stripTags(htmlOrText ?? ''))
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= length) return text;
  return `${text.slice(0, Math.max(0, length - 1)).trimEnd()}…`;
}
