// CSS from untrusted mail, screened for everything that makes the browser fetch: url(), src(), image(),
// image-set() and -webkit-image-set() (whose string arguments are addresses), @import, wherever they sit (a style
// attribute, a <style> block, an SVG presentation attribute such as fill="url(…)") and however they are
// spelled (CSS escapes, comments, unclosed strings and functions, line breaks).

/** Where a reference may load from: only data: ever; remote images only after consent, only as images. */
export type CssScreening = { css: string; hasBlockedImage: boolean };

// Properties whose url() is an image (fetched under the frame's img-src). Every other reference (fill, stroke,
// filter, mask, clip-path, marker-*, cursor, a custom property, @font-face src, …) names a font, an SVG
// resource or a document: it never loads, whatever the reader allows.
const IMAGE_PROPERTIES = new Set([
  'background',
  'background-image',
  'border-image',
  'border-image-source',
  '-webkit-border-image',
  'list-style',
  'list-style-image',
  'content',
]);
// Functions whose argument (a url token or a string) is an address.
const REFERENCE_FUNCTION = /(?<![\w-])(url|src|image|image-set|-webkit-image-set)\(/iy;
// Functions inside which a string is an address rather than text.
const STRING_IS_ADDRESS = new Set(['src', 'image', 'image-set', '-webkit-image-set']);
// A value filled in later (a custom property, an attribute) could be an address no screening has seen.
const SUBSTITUTION = /(?<![\w-])(?:var|env|attr)\(/i;
// A string anywhere that looks like an absolute address (an unknown string-taking function, say).
const ABSOLUTE_ADDRESS = /^\s*(?:(?:https?|ftp|wss?|file|blob):|\/\/|\/\\)/i;
const REMOTE_ADDRESS = /^\s*(?:https?:)?\/\//i;
const EMBEDDED_ADDRESS = /^\s*data:/i;
const FRAGMENT = /^\s*#/;
const CSS_IMPORTS = /@import\b[^;]*;?/gi;

/**
 * CSS with its escapes and comments resolved, so the screening sees what the browser sees. The result holds no
 * backslash at all (an escaped backslash would start a new escape once the browser reads it again), and it is
 * what the frame gets: the browser then reads exactly the text that was screened.
 */
export function decodeCssEscapes(css: string): string {
  let decoded = css
    .replace(
      /\\(?:([0-9a-f]{1,6})(?:\r\n|[ \t\n\r\f])?|(\r\n|[\n\r\f])|([\s\S]))/gi,
      (_m, hex, _nl, char) => {
        if (hex) {
          const code = Number.parseInt(hex, 16);
          return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
            ? String.fromCodePoint(code)
            : '\uFFFD';
        }
        return char ?? '';
      },
    )
    .replace(/\\/g, '');
  // Until none is left: taking one comment out can join the text around it into another (`//**/*…*/`).
  while (decoded.includes('/*')) decoded = decoded.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '');
  return decoded;
}

/** Where a string that starts at `start` (on its quote) ends: its closing quote, a line break or the end. */
function stringEnd(css: string, start: number): number {
  const quote = css[start];
  for (let index = start + 1; index < css.length; index += 1) {
    const char = css[index];
    if (char === quote) return index + 1;
    if (char === '\n' || char === '\r' || char === '\f') return index;
  }
  return css.length;
}

const CLOSERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const QUOTED_ARGUMENT = /[ \t\n\r\f]*["']/y;

/**
 * Where the function whose `(` is at `open` ends, as CSS reads it: its matching `)` (strings and nested (), []
 * and {} blocks skipped, a stray closer ignored), or the end of the text. A url( not followed by a quote is
 * one url token instead, which ends at the first `)`.
 */
function functionEnd(css: string, open: number, name: string): number {
  QUOTED_ARGUMENT.lastIndex = open + 1;
  if (name === 'url' && !QUOTED_ARGUMENT.test(css)) {
    const close = css.indexOf(')', open);
    return close === -1 ? css.length : close + 1;
  }
  const expected: string[] = [];
  for (let index = open; index < css.length; index += 1) {
    const char = css[index] as string;
    if (char === '"' || char === "'") {
      index = stringEnd(css, index) - 1;
    } else if (CLOSERS[char]) {
      expected.push(CLOSERS[char] as string);
    } else if (char === expected[expected.length - 1]) {
      expected.pop();
      if (expected.length === 0) return index + 1;
    }
  }
  return css.length;
}

/** The addresses a reference function names: a url token, or its strings and nested functions. */
function addressesIn(region: string, name: string): string[] {
  const open = region.indexOf('(');
  const inner = region.slice(open + 1, region.endsWith(')') ? -1 : undefined);
  const trimmed = inner.trim();
  // An unquoted url token with a quote, a parenthesis or white space inside is a bad url: nothing to keep.
  if (name === 'url' && !/^["']/.test(trimmed)) return [/["'()\s]/.test(trimmed) ? 'bad:' : trimmed];
  if (SUBSTITUTION.test(inner)) return ['bad:'];
  const addresses: string[] = [];
  for (let index = 0; index < inner.length; index += 1) {
    const char = inner[index];
    if (char === '"' || char === "'") {
      const end = stringEnd(inner, index);
      addresses.push(inner.slice(index + 1, inner[end - 1] === char && end - 1 > index ? end - 1 : end));
      index = end - 1;
      continue;
    }
    REFERENCE_FUNCTION.lastIndex = index;
    const nested = REFERENCE_FUNCTION.exec(inner);
    if (nested) {
      const nestedName = (nested[1] as string).toLowerCase();
      const end = functionEnd(inner, index + nested[0].length - 1, nestedName);
      addresses.push(...addressesIn(inner.slice(index, end), nestedName));
      index = end - 1;
    }
  }
  return addresses;
}

type Context = { property: string; isFontFace: boolean };

/**
 * Screens decoded CSS. `declarationPrefix` names the property when the text is a bare value (an SVG
 * presentation attribute): `fill` for fill="url(…)".
 */
function screenDecoded(css: string, allowRemoteImages: boolean, declarationPrefix = ''): CssScreening {
  const text = `${declarationPrefix}${css.replace(CSS_IMPORTS, '')}`;
  let out = '';
  let hasBlockedImage = false;
  let statementStart = 0; // in `out`: where the current declaration or rule prelude begins
  const fontFaceBlocks: boolean[] = [];
  const context = (): Context => {
    const declaration = out.slice(statementStart);
    return {
      property: /^\s*([-\w]+)\s*:/.exec(declaration)?.[1]?.toLowerCase() ?? '',
      isFontFace: fontFaceBlocks.includes(true),
    };
  };
  // Whether an address may stay: data: always, a #fragment (an element of this mail) always, a remote image
  // once the reader allows it. A relative address would resolve against this app: never.
  const verdict = (address: string, { property, isFontFace }: Context) => {
    if (EMBEDDED_ADDRESS.test(address) || FRAGMENT.test(address)) return 'keep';
    const isImage = !isFontFace && IMAGE_PROPERTIES.has(property);
    if (REMOTE_ADDRESS.test(address) && isImage) return allowRemoteImages ? 'keep' : 'blocked-image';
    return 'drop';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (char === '"' || char === "'") {
      const end = stringEnd(text, index);
      const string = text.slice(index, end);
      const address = string.slice(1, string.endsWith(char) && string.length > 1 ? -1 : undefined);
      const outcome = ABSOLUTE_ADDRESS.test(address) ? verdict(address, context()) : 'keep';
      if (outcome === 'keep') out += string;
      else {
        out += '""';
        hasBlockedImage ||= outcome === 'blocked-image';
      }
      index = end - 1;
      continue;
    }
    REFERENCE_FUNCTION.lastIndex = index;
    const reference = REFERENCE_FUNCTION.exec(text);
    if (reference) {
      const name = (reference[1] as string).toLowerCase();
      const end = functionEnd(text, index + reference[0].length - 1, name);
      const region = text.slice(index, end);
      const where = context();
      const outcomes = addressesIn(region, name)
        .filter((address) => name === 'url' || STRING_IS_ADDRESS.has(name) || ABSOLUTE_ADDRESS.test(address))
        .map((address) => verdict(address, where));
      if (outcomes.every((outcome) => outcome === 'keep')) out += region;
      else {
        out += 'none';
        hasBlockedImage ||= outcomes.includes('blocked-image') && !outcomes.includes('drop');
      }
      index = end - 1;
      continue;
    }
    out += char;
    if (char === '{') {
      fontFaceBlocks.push(/^\s*@font-face\b/i.test(out.slice(statementStart)));
      statementStart = out.length;
    } else if (char === '}') {
      fontFaceBlocks.pop();
      statementStart = out.length;
    } else if (char === ';') {
      statementStart = out.length;
    }
  }
  return { css: out.slice(declarationPrefix.length), hasBlockedImage };
}

/**
 * CSS (a style attribute or a <style> block) without @import and without any reference that could load
 * something other than an embedded image, or a remote image once the reader allows it; null if unchanged.
 */
export function screenCss(css: string, allowRemoteImages: boolean): CssScreening | null {
  const screened = screenDecoded(decodeCssEscapes(css), allowRemoteImages);
  return screened.css === css ? null : screened;
}

/**
 * The value of an attribute the browser may read as CSS (SVG presentation attributes: fill, stroke, filter,
 * mask, clip-path, marker-*, cursor; animation values), screened as the declaration `name: value`; null if
 * nothing in it could load. Such a value never names an image, so every reference but data: and #fragment goes.
 */
export function screenCssAttribute(name: string, value: string): string | null {
  const decoded = decodeCssEscapes(value);
  if (!/(?:url|src|image-set)\(|["']/i.test(decoded)) return null;
  const screened = screenDecoded(decoded, false, `${name.replace(/[^-\w]/g, '-')}:`);
  return screened.css === value ? null : screened.css;
}
