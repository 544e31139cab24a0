// Hostile mail bodies: classic XSS vectors (DOMPurify's and H5SC's), mutation XSS, and every way HTML or CSS can
// make a reader's browser fetch something (tracking pixels, stylesheets, fonts, SVG). The sanitizer test and
// the security suite's browser journey both use it. Every remote address points at CANARY so a test can tell
// a load apart from anything else.
export const CANARY = 'http://127.0.0.1:4029';

export type HostileMail = { name: string; html: string; kind: 'script' | 'remote-load' };

const c = (path: string) => `${CANARY}/${path}`;

/** SVG presentation attributes (and their CSS properties) that take url(): each names a resource in another document. */
export const URL_PRESENTATION_ATTRIBUTES = [
  'fill',
  'stroke',
  'filter',
  'mask',
  'clip-path',
  'marker-start',
  'marker-mid',
  'marker-end',
  'cursor',
] as const;

export const HOSTILE_MAILS: readonly HostileMail[] = [
  { name: 'script tag', kind: 'script', html: '<p>hi</p><script>window.__pwned=1</script>' },
  { name: 'img onerror', kind: 'script', html: '<img src=x onerror="window.__pwned=1">' },
  { name: 'svg onload', kind: 'script', html: '<svg onload="window.__pwned=1"><circle r=5 /></svg>' },
  { name: 'javascript link', kind: 'script', html: '<a href="javascript:window.__pwned=1">click</a>' },
  {
    name: 'entity-encoded javascript link',
    kind: 'script',
    html: '<a href="&#106;avascript:window.__pwned=1">click</a>',
  },
  {
    name: 'iframe srcdoc',
    kind: 'script',
    html: '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  },
  { name: 'object data', kind: 'script', html: '<object data="javascript:window.__pwned=1"></object>' },
  { name: 'embed', kind: 'script', html: `<embed src="${c('embed.swf')}">` },
  { name: 'body onload', kind: 'script', html: '<body onload="window.__pwned=1">x</body>' },
  { name: 'details ontoggle', kind: 'script', html: '<details open ontoggle="window.__pwned=1">x</details>' },
  {
    name: 'mXSS noscript',
    kind: 'script',
    html: '<noscript><p title="</noscript><img src=x onerror=window.__pwned=1>">',
  },
  {
    name: 'mXSS svg style',
    kind: 'script',
    html: '<svg></p><style><a id="</style><img src=1 onerror=window.__pwned=1>">',
  },
  {
    name: 'mXSS math mglyph',
    kind: 'script',
    html: '<form><math><mtext></form><form><mglyph><style></math><img src onerror=window.__pwned=1>',
  },
  {
    name: 'svg animate href',
    kind: 'script',
    html: '<svg><a><animate attributeName=href values=javascript:window.__pwned=1 /><text y=20>x</text></a></svg>',
  },
  {
    name: 'meta refresh',
    kind: 'script',
    html: `<meta http-equiv="refresh" content="0;url=${c('refresh')}">`,
  },
  { name: 'base href', kind: 'script', html: `<base href="${c('')}"><a href="x">x</a>` },
  {
    name: 'form action',
    kind: 'script',
    html: `<form action="${c('form')}"><input name=a><button>Go</button></form>`,
  },
  { name: 'button formaction', kind: 'script', html: `<button formaction="${c('formaction')}">Go</button>` },
  { name: 'remote image', kind: 'remote-load', html: `<img src="${c('pixel.png')}" alt="pixel">` },
  { name: 'srcset', kind: 'remote-load', html: `<img srcset="${c('srcset.png')} 2x" alt="s">` },
  {
    name: 'picture source',
    kind: 'remote-load',
    html: `<picture><source srcset="${c('source.png')}"><img alt="p"></picture>`,
  },
  {
    name: 'table background',
    kind: 'remote-load',
    html: `<table background="${c('table.png')}"><tr><td>x</td></tr></table>`,
  },
  {
    name: 'inline style url',
    kind: 'remote-load',
    html: `<div style="background:url(${c('style.png')})">x</div>`,
  },
  {
    name: 'style block url',
    kind: 'remote-load',
    html: `<style>p{background-image:url('${c('block.png')}')}</style><p>x</p>`,
  },
  {
    name: 'css @import',
    kind: 'remote-load',
    html: `<style>@import "${c('import.css')}";p{color:red}</style><p>x</p>`,
  },
  {
    name: 'css @import url',
    kind: 'remote-load',
    html: `<style>@import url(${c('import-url.css')});</style><p>x</p>`,
  },
  {
    name: 'css image-set',
    kind: 'remote-load',
    html: `<div style="background-image:image-set('${c('image-set.png')}' 1x)">x</div>`,
  },
  {
    name: 'css -webkit-image-set',
    kind: 'remote-load',
    html: `<style>p{background:-webkit-image-set("${c('webkit-image-set.png')}" 1x)}</style><p>x</p>`,
  },
  {
    name: 'css escaped url',
    kind: 'remote-load',
    html: `<div style="background:u\\72l(${c('escaped.png')})">x</div>`,
  },
  {
    name: 'css font-face',
    kind: 'remote-load',
    html: `<style>@font-face{font-family:x;src:url(${c('font.woff')})}p{font-family:x}</style><p>x</p>`,
  },
  {
    name: 'svg image href',
    kind: 'remote-load',
    html: `<svg width=10 height=10><image href="${c('svg-image.png')}" width=10 height=10 /></svg>`,
  },
  {
    name: 'svg image xlink:href',
    kind: 'remote-load',
    html: `<svg width=10 height=10><image xlink:href="${c('svg-xlink.png')}" width=10 height=10 /></svg>`,
  },
  {
    name: 'svg feImage',
    kind: 'remote-load',
    html: `<svg><filter id=f><feImage href="${c('feimage.png')}" /></filter><rect filter="url(#f)" width=5 height=5 /></svg>`,
  },
  { name: 'svg use', kind: 'remote-load', html: `<svg><use href="${c('use.svg#a')}" /></svg>` },
  {
    name: 'link stylesheet',
    kind: 'remote-load',
    html: `<link rel="stylesheet" href="${c('link.css')}"><p>x</p>`,
  },
  { name: 'link prefetch', kind: 'remote-load', html: `<link rel="prefetch" href="${c('prefetch')}">` },
  { name: 'video poster', kind: 'remote-load', html: `<video poster="${c('poster.png')}"></video>` },
  { name: 'audio src', kind: 'remote-load', html: `<audio src="${c('audio.mp3')}" autoplay></audio>` },
  { name: 'input image', kind: 'remote-load', html: `<input type="image" src="${c('input.png')}">` },
  { name: 'body background', kind: 'remote-load', html: `<body background="${c('body.png')}">x</body>` },
  { name: 'a ping', kind: 'remote-load', html: `<a href="https://example.test" ping="${c('ping')}">x</a>` },
  // SVG presentation attributes and CSS properties that take url(): each names a resource in another document.
  ...URL_PRESENTATION_ATTRIBUTES.map(
    (attribute): HostileMail => ({
      name: `svg ${attribute} attribute url`,
      kind: 'remote-load',
      html: `<svg width=10 height=10><path d="M0 0L5 5L9 9" ${attribute}="url(${c(`${attribute}-attr.svg`)}#a)" /></svg>`,
    }),
  ),
  ...['fill', 'stroke', 'filter', 'mask', 'clip-path', 'marker-start', 'cursor'].map(
    (property): HostileMail => ({
      name: `css ${property} property url`,
      kind: 'remote-load',
      html: `<svg width=10 height=10><path d="M0 0L9 9" style="${property}:url(${c(`${property}-style.svg`)}#a)" /></svg>`,
    }),
  ),
  {
    name: 'svg fill attribute, escaped url',
    kind: 'remote-load',
    html: `<svg width=10 height=10><rect width=9 height=9 fill="\\75 rl(${c('fill-escaped.svg')}#a)" /></svg>`,
  },
  {
    name: 'svg fill attribute, quoted url with a line break',
    kind: 'remote-load',
    html: `<svg width=10 height=10><rect width=9 height=9 fill="url(&#10;'${c('fill-newline.svg')}#a'&#10;)" /></svg>`,
  },
  {
    name: 'svg gradient href',
    kind: 'remote-load',
    html: `<svg width=10 height=10><linearGradient id=g href="${c('gradient.svg#g')}" /><rect width=9 height=9 fill="url(#g)" /></svg>`,
  },
  {
    name: 'svg pattern xlink:href',
    kind: 'remote-load',
    html: `<svg width=10 height=10><pattern id=p xlink:href="${c('pattern.svg#p')}" /><rect width=9 height=9 fill="url(#p)" /></svg>`,
  },
  {
    name: 'svg filter href',
    kind: 'remote-load',
    html: `<svg width=10 height=10><filter id=f2 href="${c('filter-href.svg#f')}" /><rect width=9 height=9 filter="url(#f2)" /></svg>`,
  },
  {
    name: 'svg textPath href',
    kind: 'remote-load',
    html: `<svg width=10 height=10><text><textPath href="${c('textpath.svg#p')}">x</textPath></text></svg>`,
  },
  {
    name: 'css cursor url in a style block',
    kind: 'remote-load',
    html: `<style>.cur{cursor:url(${c('cursor-block.cur')}),auto}</style><p class=cur>x</p>`,
  },
  {
    name: 'css filter, mask and clip-path in a style block',
    kind: 'remote-load',
    html: `<style>.fx{filter:url('${c('filter-block.svg')}#f');mask:url(${c('mask-block.svg')}#m);clip-path:url(${c('clip-block.svg')}#c)}</style><p class=fx>x</p>`,
  },
  // image-set() and -webkit-image-set() take plain strings as addresses, in every spelling.
  {
    name: 'css image-set, unclosed string',
    kind: 'remote-load',
    html: `<div style="background-image:image-set('${c('image-set-unclosed.png')}">x</div>`,
  },
  {
    name: 'css image-set, unclosed string and function in a style block',
    kind: 'remote-load',
    html: `<p>x</p><style>p{background-image:image-set("${c('image-set-unclosed-block.png')}`,
  },
  {
    name: 'css -webkit-image-set, unclosed string',
    kind: 'remote-load',
    html: `<div style="background:-webkit-image-set('${c('webkit-image-set-unclosed.png')}">x</div>`,
  },
  {
    name: 'css image-set, escaped name',
    kind: 'remote-load',
    html: `<div style="background-image:image\\2d set('${c('image-set-escaped-name.png')}' 1x)">x</div>`,
  },
  {
    name: 'css image-set, escaped url() inside',
    kind: 'remote-load',
    html: `<div style="background-image:image-set(\\75 rl(${c('image-set-escaped-url.png')}) 1x)">x</div>`,
  },
  {
    name: 'css image-set, escaped quotes',
    kind: 'remote-load',
    html: `<div style="background-image:image-set(\\22 ${c('image-set-escaped-quote.png')}\\22  1x)">x</div>`,
  },
  {
    name: 'css image-set, line breaks around the string',
    kind: 'remote-load',
    html: `<style>p{background-image:image-set(\n"${c('image-set-newline.png')}"\n1x)}</style><p>x</p>`,
  },
  {
    name: 'css image-set, escaped line break inside the string',
    kind: 'remote-load',
    html: `<style>p{background-image:image-set("${CANARY}/image-set-\\\ncontinued.png" 1x)}</style><p>x</p>`,
  },
  {
    name: 'css image-set, string split by an escaped slash',
    kind: 'remote-load',
    html: `<div style="background-image:image-set('http:\\2f/127.0.0.1:4029/image-set-escaped-slash.png' 1x)">x</div>`,
  },
  {
    name: 'css image-set in a custom property',
    kind: 'remote-load',
    html: `<style>p{--i:image-set('${c('image-set-var.png')}' 1x);background-image:var(--i)}</style><p>x</p>`,
  },
  {
    name: 'css -webkit-image-set, line break and comment',
    kind: 'remote-load',
    html: `<div style="background:-webkit-image-set(/* */\n'${c('webkit-image-set-newline.png')}' 2x)">x</div>`,
  },
  {
    name: 'css list-style-image and border-image',
    kind: 'remote-load',
    html: `<ul style="list-style-image:url(${c('list.png')})"><li>x</li></ul><p style="border:2px solid;border-image:url(${c('border.png')}) 1">x</p>`,
  },
  {
    name: 'css content url',
    kind: 'remote-load',
    html: `<style>p::before{content:url(${c('content.png')})}</style><p>x</p>`,
  },
  {
    name: 'css font-face, escaped src',
    kind: 'remote-load',
    html: `<style>@font-face{font-family:y;src:\\75 rl(${c('font-escaped.woff')})}p{font-family:y}</style><p>x</p>`,
  },
];

/**
 * One mail that loads remote images and, beside them, fonts, stylesheets and SVG resources. Once the reader
 * allows remote images, only the addresses in `images` may load.
 */
export const AFTER_CONSENT_MAIL = {
  images: ['/consent/img.png', '/consent/background.png', '/consent/svg-image.png', '/consent/image-set.png'],
  html: [
    '<p>Consent mail</p>',
    `<img src="${c('consent/img.png')}" alt="i">`,
    `<div style="background:url(${c('consent/background.png')})">b</div>`,
    `<div style="background-image:image-set('${c('consent/image-set.png')}' 1x)">s</div>`,
    `<svg width=10 height=10><image href="${c('consent/svg-image.png')}" width=10 height=10 /></svg>`,
    `<style>@import "${c('consent/import.css')}";@font-face{font-family:z;src:url(${c('consent/font.woff')})}p{font-family:z}</style>`,
    `<link rel=stylesheet href="${c('consent/link.css')}">`,
    `<svg width=10 height=10><use href="${c('consent/use.svg#a')}" /><use xlink:href="${c('consent/use-xlink.svg#a')}" /></svg>`,
    `<svg width=10 height=10><rect width=9 height=9 fill="url(${c('consent/fill.svg')}#a)" filter="url(${c('consent/filter.svg')}#f)" /></svg>`,
    `<svg width=10 height=10><linearGradient id=cg href="${c('consent/gradient.svg#g')}" /></svg>`,
    `<p style="cursor:url(${c('consent/cursor.cur')}),auto;mask:url(${c('consent/mask.svg')}#m)">c</p>`,
  ].join(''),
};
