// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  AFTER_CONSENT_MAIL,
  CANARY,
  HOSTILE_MAILS,
  URL_PRESENTATION_ATTRIBUTES,
} from './hostile-mail-corpus';
import { emailFrameCsp, sanitizeEmailHtml } from './sanitize-email';

/**
 * The frame document as the browser acts on it: our own CSP meta aside, and the addresses the sanitizer parks
 * in inert data-ld-blocked-* attributes (for "Load remote images") left out.
 */
function mailPart(document: string): string {
  return document
    .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
    .replace(/ data-ld-blocked-[a-z:-]+="[^"]*"/g, '');
}

describe('sanitizeEmailHtml against the hostile-mail corpus', () => {
  it.each(HOSTILE_MAILS.map((mail) => [mail.name, mail] as const))(
    '%s: no script, handler, javascript: URL or canary address survives',
    (_name, mail) => {
      const { document } = sanitizeEmailHtml(mail.html, false);
      const body = mailPart(document);
      expect(body).not.toContain(CANARY.replace('http://', ''));
      expect(body).not.toMatch(
        /<script|\son[a-z]+\s*=|javascript:|@import|<iframe|<object|<embed|<form|<meta http-equiv="refresh"/i,
      );
    },
  );

  it('keeps the remote image for later when remote images are not allowed, and counts it', () => {
    const { document, blockedImageCount } = sanitizeEmailHtml(`<img src="${CANARY}/a.png" alt="a">`, false);
    expect(blockedImageCount).toBe(1);
    expect(document).toContain(`data-ld-blocked-src="${CANARY}/a.png"`);
    expect(document).not.toContain(` src="${CANARY}/a.png"`);
  });

  it('lets remote images through once allowed, but never @import, SVG <use> or a link stylesheet', () => {
    const html = `<img src="${CANARY}/a.png"><style>@import "${CANARY}/i.css";</style><link rel=stylesheet href="${CANARY}/l.css">`;
    const { document, blockedImageCount } = sanitizeEmailHtml(html, true);
    expect(blockedImageCount).toBe(0);
    expect(document).toContain(`src="${CANARY}/a.png"`);
    expect(document).not.toContain('i.css');
    expect(document).not.toContain('l.css');
  });

  it('keeps ordinary mail intact: text, safe links, embedded images and inline colours', () => {
    const html =
      '<p style="color:#c00">Hello <b>there</b></p><a href="https://firm.test/x">link</a><img src="data:image/png;base64,iVBORw0KGgo=" alt="logo">';
    const { document, blockedImageCount } = sanitizeEmailHtml(html, false);
    expect(blockedImageCount).toBe(0);
    expect(document).toContain('<b>there</b>');
    expect(document).toContain('color:#c00');
    expect(document).toContain('href="https://firm.test/x"');
    expect(document).toContain('rel="noopener noreferrer"');
    expect(document).toContain('src="data:image/png;base64,iVBORw0KGgo="');
  });

  it('gives the frame a CSP that runs nothing and loads images only once allowed', () => {
    expect(emailFrameCsp(false)).toContain("default-src 'none'");
    expect(emailFrameCsp(false)).toContain('img-src data:;');
    expect(emailFrameCsp(true)).toContain('img-src data: https: http:');
  });
});

// Loads the frame's CSP (img-src data:) used to be the only thing to stop (each of these failed before the
// sanitizer learnt them): the sanitizer now removes them too.
const CSP_ONLY_VECTORS = [
  ...URL_PRESENTATION_ATTRIBUTES.map((attribute) => `svg ${attribute} attribute url`),
  'svg fill attribute, escaped url',
  'svg fill attribute, quoted url with a line break',
  'svg gradient href',
  'svg pattern xlink:href',
  'svg filter href',
  'svg textPath href',
  'css image-set, unclosed string',
  'css image-set, unclosed string and function in a style block',
  'css -webkit-image-set, unclosed string',
  'css image-set, escaped line break inside the string',
];
// The same forms with an address relative to this app (no canary to see them): never loaded, with or
// without consent.
const RELATIVE_VECTORS = [
  '<svg><rect fill="url(/api/ld-probe#a)" /></svg>',
  '<svg><path marker-end="url(ld-probe.svg#m)" /></svg>',
  '<div style="background-image:image-set(\'/api/ld-probe\' 1x)">x</div>',
  '<div style="background-image:image-set(\'ld-probe.png\'">x</div>',
  '<div style="background-image:-webkit-image-set(&quot;ld-probe.png&quot; 1x)">x</div>',
  '<div style="background:image\\2d set(\'ld-probe.png\' 1x)">x</div>',
  '<div style="background-image:image-set(src(\'ld-probe.png\') 1x)">x</div>',
  '<style>p{background:image-set(\n"ld-probe.png"\n1x)}</style><p>x</p>',
  '<img srcset="http://127.0.0.1:4029/a.png 1x, ld-probe.png 2x" alt="s">',
];

describe('sanitizeEmailHtml removes what only the frame CSP used to stop', () => {
  it.each(CSP_ONLY_VECTORS)('%s', (name) => {
    const mail = HOSTILE_MAILS.find((candidate) => candidate.name === name);
    expect(mail, name).toBeDefined();
    const body = mailPart(sanitizeEmailHtml(mail?.html ?? '', false).document);
    expect(body).not.toContain(CANARY.replace('http://', ''));
    // An SVG resource is no image: it stays out once remote images are allowed too.
    if (name.startsWith('svg ')) {
      const allowed = mailPart(sanitizeEmailHtml(mail?.html ?? '', true).document);
      expect(allowed).not.toContain(CANARY.replace('http://', ''));
    }
  });

  it.each(RELATIVE_VECTORS)('%s', (html) => {
    for (const allowRemoteImages of [false, true]) {
      const body = mailPart(sanitizeEmailHtml(html, allowRemoteImages).document);
      expect(body).not.toContain('ld-probe');
    }
  });

  it('keeps references to elements of the mail itself and embedded images', () => {
    const html =
      '<svg><linearGradient id="g"></linearGradient><linearGradient id="h" href="#g"></linearGradient><rect fill="url(#g)" filter="url(&quot;#f&quot;)" /></svg><div style="background-image:image-set(&quot;data:image/png;base64,iVBORw0KGgo=&quot; 1x)">x</div>';
    const body = mailPart(sanitizeEmailHtml(html, false).document);
    expect(body).toContain('fill="url(#g)"');
    expect(body).toContain('filter="url(&quot;#f&quot;)"');
    expect(body).toContain('id="h" href="#g"');
    expect(body).toContain('image-set(&quot;data:image/png;base64,iVBORw0KGgo=&quot; 1x)');
  });

  it('reads srcset as HTML does: an embedded candidate keeps its commas, and stays beside a remote one', () => {
    const srcset = `${CANARY}/b.png 2x, data:image/png;base64,iVBORw0KGgo= 1x`;
    const html = `<img srcset="${srcset}" alt="s">`;
    expect(sanitizeEmailHtml(html, true).document).toContain(`srcset="${srcset}"`);
    expect(sanitizeEmailHtml(html, false).document).toContain(`data-ld-blocked-srcset="${srcset}"`);
  });

  it('counts a remote image-set or an unclosed background url as a held-back image', () => {
    for (const html of [
      `<div style="background-image:image-set('${CANARY}/a.png' 1x)">x</div>`,
      `<div style="background:url(${CANARY}/b.png">x</div>`,
    ]) {
      expect(sanitizeEmailHtml(html, false).blockedImageCount, html).toBe(1);
    }
  });

  it('never lets CSS decoding build markup that ends a style block', () => {
    const html =
      '<style>p{content:"\\3c /style\\3e \\3c img src=x onerror=window.__pwned=1\\3e "}</style><p>x</p>';
    const { document } = sanitizeEmailHtml(html, true);
    expect(document).not.toMatch(/<img|onerror/i);
  });

  it('after consent loads remote images only: no font, stylesheet or SVG resource', () => {
    const body = mailPart(sanitizeEmailHtml(AFTER_CONSENT_MAIL.html, true).document);
    const addresses = [...body.matchAll(/127\.0\.0\.1:4029(\/consent\/[\w.-]+)/g)].map((match) => match[1]);
    expect([...new Set(addresses)].sort()).toEqual([...AFTER_CONSENT_MAIL.images].sort());
  });
});
