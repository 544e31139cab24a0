import DOMPurify from 'dompurify';

export type SanitizedEmail = {
  /** A complete document for the frame's srcdoc: CSP, link target and the sanitized mail. */
  document: string;
  /** How many remote images (img, srcset, background) were held back. */
  blockedImageCount: number;
};

// Anything that can run code, submit data, navigate the frame or pull in other documents.
const FORBIDDEN_TAGS = [
  'script',
  'noscript',
  'template',
  'form',
  'input',
  'button',
  'select',
  'option',
  'optgroup',
  'textarea',
  'datalist',
  'output',
  'base',
  'meta',
  'link',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'dialog',
  'audio',
  'video',
  'track',
];
const FORBIDDEN_ATTRIBUTES = ['action', 'formaction', 'ping', 'autofocus', 'http-equiv', 'srcdoc'];
const REMOTE_URL = /^\s*(?:https?:)?\/\//i;
// Inline images (cid:) need the attachment itself, which the frame cannot fetch: they show their alt text.
const EMBEDDED_URL = /^\s*data:image\//i;
const SAFE_LINK = /^\s*(?:https?:|mailto:|tel:|#)/i;
// A remote address in CSS: url(//…) or a quoted string, which image-set() and @import accept without url().
const REMOTE_CSS_URL = /url\(\s*['"]?\s*(?:https?:)?\/\/[^)]*\)|(['"])\s*(?:https?:)?\/\/.*?\1/i;
const REMOTE_CSS_URLS = new RegExp(REMOTE_CSS_URL.source, 'gi');
// url() of anything but an embedded image or a remote address: it would resolve against this app.
const LOCAL_CSS_URLS = /url\(\s*(?!['"]?\s*(?:data:|(?:https?:)?\/\/))[^)]*\)/gi;
// @import pulls in a whole stylesheet; mail never needs one, so it goes whatever the image setting.
const CSS_IMPORTS = /@import\b[^;]*;?/gi;
const IMAGE_ATTRIBUTES = ['src', 'srcset', 'background', 'poster'];
// On anything but a link, href loads a resource: SVG <image>, <feImage>, <use>.
const RESOURCE_HREF_ATTRIBUTES = ['href', 'xlink:href'];

/** CSS with its escapes decoded (`u\72l(` is `url(`), so the checks below see what the browser sees. */
function decodeCssEscapes(css: string): string {
  return css
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_match, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
    })
    .replace(/\\(.)/g, '$1')
    .replace(/\/\*[\s\S]*?\*\//g, '');
}

/** CSS without @import and, unless remote images are allowed, without remote addresses; null if unchanged. */
function screenCss(
  css: string,
  allowRemoteImages: boolean,
): { css: string; hasBlockedImage: boolean } | null {
  const decoded = decodeCssEscapes(css);
  let screened = decoded.replace(CSS_IMPORTS, '').replace(LOCAL_CSS_URLS, 'none');
  let hasBlockedImage = false;
  if (!allowRemoteImages && REMOTE_CSS_URL.test(screened)) {
    screened = screened.replace(REMOTE_CSS_URLS, 'none');
    hasBlockedImage = true;
  }
  if (screened === css) return null;
  return { css: screened, hasBlockedImage };
}

/**
 * Renames inline event handlers and <base> before the browser parses the mail. DOMPurify removes them anyway;
 * this only spares the page the CSP reports Chrome files when it merely parses such attributes.
 */
function defuseBeforeParsing(html: string): string {
  return html.replace(/([\s"'/])on([a-z]+\s*=)/gi, '$1data-ld-on$2').replace(/<base\b/gi, '<ld-base');
}

/** A Content-Security-Policy for the frame: nothing runs, nothing loads except inline styles and (when allowed) images. */
export function emailFrameCsp(allowRemoteImages: boolean): string {
  const images = allowRemoteImages ? 'data: https: http:' : 'data:';
  return `default-src 'none'; img-src ${images}; style-src 'unsafe-inline'; font-src data:; form-action 'none'; frame-src 'none'; base-uri 'none'`;
}

// The frame's own defaults: the mail keeps its look, long words wrap, and nothing of the app's CSS applies.
const FRAME_STYLE =
  'html{background:#fff;color-scheme:light}body{margin:0;padding:16px;color:#1f2328;font:14px/1.55 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;overflow-wrap:break-word;word-break:break-word}img{max-width:100%;height:auto}pre{white-space:pre-wrap}a{color:#4338ca}blockquote{margin:0 0 0 8px;padding-left:12px;border-left:3px solid #d0d7de;color:#57606a}';

/** Handles an image-bearing attribute: embedded images stay, remote ones wait for consent, others go. */
function screenImageAttribute(element: Element, attribute: string, allowRemoteImages: boolean): boolean {
  const value = element.getAttribute(attribute);
  if (value == null || EMBEDDED_URL.test(value)) return false;
  if (REMOTE_URL.test(value) && allowRemoteImages) return false;
  element.removeAttribute(attribute);
  // A relative address would resolve against this app (with the reader's cookies): never fetched.
  if (!REMOTE_URL.test(value)) return false;
  element.setAttribute(`data-ld-blocked-${attribute}`, value);
  return true;
}

/**
 * Sanitizes untrusted mail HTML (DOMPurify, with a private instance so its hooks touch nothing else) into a
 * frame document. Remote images are held back unless `allowRemoteImages`; the frame's CSP blocks them too,
 * so a missed case still cannot load. Links open in a new tab without opener or referrer.
 */
export function sanitizeEmailHtml(html: string, allowRemoteImages: boolean): SanitizedEmail {
  const purifier = DOMPurify(window);
  let blockedImageCount = 0;
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (!(node instanceof Element)) return;
    if (node.tagName === 'A' || node.tagName === 'AREA') {
      const href = node.getAttribute('href');
      if (href != null && !SAFE_LINK.test(href)) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    let isBlocked = false;
    const isLink = node.tagName === 'A' || node.tagName === 'AREA';
    const attributes = isLink ? IMAGE_ATTRIBUTES : [...IMAGE_ATTRIBUTES, ...RESOURCE_HREF_ATTRIBUTES];
    for (const attribute of attributes) {
      isBlocked = screenImageAttribute(node, attribute, allowRemoteImages) || isBlocked;
    }
    const style = node.getAttribute('style');
    const screened = style ? screenCss(style, allowRemoteImages) : null;
    if (screened) {
      node.setAttribute('style', screened.css);
      isBlocked = isBlocked || screened.hasBlockedImage;
    }
    if (isBlocked) blockedImageCount += 1;
  });
  purifier.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName !== 'style') return;
    const screened = screenCss(node.textContent ?? '', allowRemoteImages);
    if (!screened) return;
    node.textContent = screened.css;
    if (screened.hasBlockedImage) blockedImageCount += 1;
  });
  const root: Element = purifier.sanitize(defuseBeforeParsing(html), {
    WHOLE_DOCUMENT: true,
    RETURN_DOM: true,
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    ALLOW_DATA_ATTR: false,
  }) as Element;
  const styles = [...root.querySelectorAll('head style')].map((style) => style.outerHTML).join('');
  const body = root.querySelector('body')?.outerHTML ?? '<body></body>';
  const head = `<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${emailFrameCsp(allowRemoteImages)}"><meta name="referrer" content="no-referrer"><base target="_blank"><style>${FRAME_STYLE}</style>`;
  return { document: `<!doctype html><html><head>${head}${styles}</head>${body}</html>`, blockedImageCount };
}
