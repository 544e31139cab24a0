import { describe, expect, it } from 'vitest';
import { decodeCssEscapes, screenCss, screenCssAttribute } from './screen-css';

const R = 'http://remote.test';
const screened = (css: string, allowRemoteImages = false) => screenCss(css, allowRemoteImages)?.css ?? css;

describe('screenCss', () => {
  it('decodes escapes to text without a backslash, so the browser reads what was screened', () => {
    expect(decodeCssEscapes('\\75 rl(x) image\\2d set \\\\5c 75rl(')).toBe('url(x) image-set 5c 75rl(');
    expect(decodeCssEscapes('\\5c \\5c 75rl(y)')).toBe('75rl(y)');
    expect(decodeCssEscapes('"a\\\nb" u/* x */rl(')).toBe('"ab" url(');
    expect(decodeCssEscapes("//**/*\"*/;b:image-set('x')")).toBe(";b:image-set('x')");
  });

  it.each([
    [`background:url(${R}/a.png)`, 'background:none'],
    [`background:url(  '${R}/a.png'  )`, 'background:none'],
    [`background:url(${R}/a.png`, 'background:none'],
    [`background-image:image-set('${R}/a.png' 1x, "${R}/b.png" 2x)`, 'background-image:none'],
    [`background-image:image-set('${R}/a.png`, 'background-image:none'],
    [`background-image:image-set(")" '${R}/a.png')`, 'background-image:none'],
    [`background-image:image-set({)} '/relative.png' 1x)`, 'background-image:none'],
    [`fill:url(#a"x);background:url(${R}/evil.png)`, 'fill:none;background:none'],
    [`--x:url(${R}/a.png);background:var(--x)`, '--x:none;background:var(--x)'],
    [`cursor:url(${R}/c.cur),auto`, 'cursor:none,auto'],
    ['background:url(/api/profile)', 'background:none'],
    ["--i:'a.png';background-image:image-set(var(--i) 1x)", "--i:'a.png';background-image:none"],
    ['background-image:src(var(--i))', 'background-image:none'],
    ["background-image:image('/api/profile')", 'background-image:none'],
    ["//**/*\"*/;background-image:image-set('/api/profile' 1x)", ';background-image:none'],
    ["content:'//remote.test/x'", 'content:""'],
  ])('%s', (css, expected) => {
    expect(screened(css)).toBe(expected);
  });

  it('after consent keeps remote images in image properties only, never in @font-face, cursor or fill', () => {
    const css = `p{background:url(${R}/bg.png);cursor:url(${R}/c.cur),auto;fill:url(${R}/f.svg#a)}@font-face{font-family:x;background:y;src:url(${R}/f.woff)}li{list-style-image:url(${R}/li.png)}`;
    expect(screened(css, true)).toBe(
      `p{background:url(${R}/bg.png);cursor:none,auto;fill:none}@font-face{font-family:x;background:y;src:none}li{list-style-image:url(${R}/li.png)}`,
    );
  });

  it('keeps fragments and embedded data, and leaves ordinary CSS unchanged', () => {
    expect(screenCss('fill:url(#g);background:url(data:image/png;base64,AA==);color:red', false)).toBeNull();
    expect(screenCss('font-family:"Segoe UI", Arial;content:"url(x)";quotes:"Note: " ""', false)).toBeNull();
  });

  it('counts a held-back remote image, not a reference consent would never load', () => {
    expect(screenCss(`background:url(${R}/a.png)`, false)?.hasBlockedImage).toBe(true);
    expect(screenCss(`filter:url(${R}/f.svg#f)`, false)?.hasBlockedImage).toBe(false);
  });
});

describe('screenCssAttribute', () => {
  it.each([
    ['fill', `url(${R}/f.svg#a)`, 'none'],
    ['marker-end', `\\75 rl(${R}/m.svg#m)`, 'none'],
    ['filter', `url(\n'${R}/f.svg#f'\n)`, 'none'],
    ['values', `url(#a);url(${R}/b.svg#b)`, 'url(#a);none'],
  ])('%s="%s"', (name, value, expected) => {
    expect(screenCssAttribute(name, value)).toBe(expected);
  });

  it('leaves values without references alone', () => {
    expect(screenCssAttribute('fill', 'url(#g)')).toBeNull();
    expect(screenCssAttribute('width', '10')).toBeNull();
  });
});
