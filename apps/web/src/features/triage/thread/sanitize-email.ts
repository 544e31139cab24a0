import DOMPurify from 'dompurify';
import { screenCss, screenCssAttribute } from './screen-css';

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
const FRAGMENT = /^\s*#/;
const IMAGE_ATTRIBUTES = ['src', 'srcset', 'background', 'poster'];
// On anything but a link, href loads a resource. Only an SVG <image> or <feImage> loads an image (after
// consent); on anything else (<use>, gradients, patterns, filters, textPath, mpath) it may only name an element
// of this mail (#id): another document, remote or not, never loads.
const RESOURCE_HREF_ATTRIBUTES = ['href', 'xlink:href'];
const SVG_IMAGE_ELEMENTS = new Set(['image', 'feimage']);
// Attributes screened above as addresses, not read as CSS.
const ADDRESS_ATTRIBUTES = new Set([...IMAGE_ATTRIBUTES, ...RESOURCE_HREF_ATTRIBUTES]);

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

/**
 * The addresses of a srcset, read as HTML does: an address runs to white space (a data: address keeps its
 * commas), a trailing comma ends the candidate, descriptors run to the next comma outside parentheses.
 */
function srcsetAddresses(srcset: string): string[] {
  const addresses: string[] = [];
  let rest = srcset;
  for (;;) {
    rest = rest.replace(/^[\s,]+/, '');
    const address = /^\S+/.exec(rest)?.[0];
    if (!address) return addresses;
    rest = rest.slice(address.length);
    addresses.push(address.replace(/,+$/, ''));
    if (address.endsWith(',')) continue;
    let depth = 0;
    let index = 0;
    for (; index < rest.length; index += 1) {
      const char = rest[index];
      if (char === '(') depth += 1;
      else if (char === ')') depth = Math.max(0, depth - 1);
      else if (char === ',' && depth === 0) break;
    }
    rest = rest.slice(index);
  }
}

/** Whether an image address may load now: embedded always, remote once allowed (every srcset candidate). */
function isLoadableImage(attribute: string, value: string, allowRemoteImages: boolean): boolean {
  const addresses = attribute === 'srcset' ? srcsetAddresses(value) : [value];
  return addresses.every(
    (address) => EMBEDDED_URL.test(address) || (allowRemoteImages && REMOTE_URL.test(address)),
  );
}

/** Handles an image-bearing attribute: embedded images stay, remote ones wait for consent, others go. */
function screenImageAttribute(element: Element, attribute: string, allowRemoteImages: boolean): boolean {
  const value = element.getAttribute(attribute);
  if (value == null || isLoadableImage(attribute, value, allowRemoteImages)) return false;
  element.removeAttribute(attribute);
  // A relative address would resolve against this app (with the reader's cookies): never fetched.
  if (!REMOTE_URL.test(value) || allowRemoteImages) return false;
  element.setAttribute(`data-ld-blocked-${attribute}`, value);
  return true;
}

/** href on anything but a link: an image for <image>/<feImage>, else only a #fragment of this mail. */
function screenResourceHref(element: Element, attribute: string, allowRemoteImages: boolean): boolean {
  if (SVG_IMAGE_ELEMENTS.has(element.tagName.toLowerCase()))
    return screenImageAttribute(element, attribute, allowRemoteImages);
  const value = element.getAttribute(attribute);
  if (value != null && !FRAGMENT.test(value)) element.removeAttribute(attribute);
  return false;
}

/** Every other attribute the browser may read as CSS (fill="url(…)", filter, mask, marker-*, cursor…). */
function screenCssAttributes(element: Element): void {
  for (const { name, value } of [...element.attributes]) {
    if (name === 'style' || ADDRESS_ATTRIBUTES.has(name) || name.startsWith('data-ld-blocked-')) continue;
    const screened = screenCssAttribute(name, value);
    if (screened !== null) element.setAttribute(name, screened);
  }
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
    for (const attribute of IMAGE_ATTRIBUTES) {
      isBlocked = screenImageAttribute(node, attribute, allowRemoteImages) || isBlocked;
    }
    if (!isLink) {
      for (const attribute of RESOURCE_HREF_ATTRIBUTES) {
        isBlocked = screenResourceHref(node, attribute, allowRemoteImages) || isBlocked;
      }
    }
    screenCssAttributes(node);
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
