// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { CANARY, HOSTILE_MAILS } from './hostile-mail-corpus';
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
