import { describe, expect, it } from 'vitest';
import { decodeEntities, previewText, stripTags } from './preview-text';

describe('stripTags', () => {
  it('removes tags and comments', () => {
    expect(stripTags('<p>Hello <b>world</b></p><!-- hidden -->').replace(/\s+/g, ' ').trim()).toBe(
      'Hello world',
    );
  });

  it('joins the parts of a word split by inline tags, and separates blocks', () => {
    expect(stripTags('con<b>firm</b>ed <A HREF="x">link</A>.')).toBe('confirmed link.');
    expect(stripTags('<p>one</p><p>two</p>').replace(/\s+/g, ' ').trim()).toBe('one two');
    expect(stripTags('a<br>b<img src="x">c')).toBe('a b c');
  });

  it('drops the contents of style, script and head', () => {
    const html =
      '<html><head><title>T</title><style>p{color:red}</style></head><body><script>x()</script>Hi</body></html>';
    expect(stripTags(html).trim()).toBe('Hi');
  });

  it('leaves a bare less-than sign in text alone', () => {
    expect(stripTags('a < b')).toBe('a < b');
  });
});

describe('decodeEntities', () => {
  it('decodes named, decimal and hex references', () => {
    expect(decodeEntities('Tom &amp; Jerry &lt;3 &#39;hi&#x27; &nbsp;&euro;')).toBe("Tom & Jerry <3 'hi'  €");
  });

  it('leaves unknown or invalid references alone', () => {
    expect(decodeEntities('&bogus; &#0;')).toBe('&bogus; &#0;');
  });
});

describe('previewText', () => {
  it('strips tags, decodes entities and collapses whitespace', () => {
    expect(previewText('<div>\n  Dear   client,<br/>your&nbsp;return is &quot;ready&quot;.\n</div>')).toBe(
      'Dear client, your return is "ready".',
    );
  });

  it('does not turn escaped markup into tags that get stripped', () => {
    expect(previewText('Use &lt;b&gt; for bold')).toBe('Use <b> for bold');
  });

  it('keeps at most 100 characters, ending a cut preview with an ellipsis', () => {
    const long = `<p>${'word '.repeat(40)}</p>`;
    const preview = previewText(long);
    expect(preview.length).toBeLessThanOrEqual(100);
    expect(preview.endsWith('…')).toBe(true);
  });

  it('keeps a text of exactly the limit whole', () => {
    const exact = 'x'.repeat(100);
    expect(previewText(exact)).toBe(exact);
  });

  it('is empty for null or blank input', () => {
    expect(previewText(null)).toBe('');
    expect(previewText('<p>  </p>')).toBe('');
  });

  it('accepts another length', () => {
    expect(previewText('abcdefghij', 5)).toBe('abcd…');
  });
});
