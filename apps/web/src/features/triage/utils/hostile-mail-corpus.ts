// Hostile mail bodies: classic XSS vectors (DOMPurify's and H5SC's), mutation XSS, and every way HTML or CSS can
// make a reader's browser fetch something (tracking pixels, stylesheets, fonts, SVG). The sanitizer test and
// the security suite's browser journey both use it. Every remote address points at CANARY so a test can tell
// a load apart from anything else.
export const CANARY = 'http://127.0.0.1:4029';

export type HostileMail = { name: string; html: string; kind: 'script' | 'remote-load' };

const c = (path: string) => `${CANARY}/${path}`;

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
];
