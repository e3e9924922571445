import { describe, expect, it } from 'vitest';
import { decodeEntities } from './decode-entities';

describe('decodeEntities', () => {
  it('decodes named and numeric entities as text', () => {
    expect(decodeEntities('Tom &amp; Jerry &#8212; &#x4E2D;&lt;b&gt;')).toBe('Tom & Jerry — 中<b>');
  });
  it('decodes every HTML named entity, not a hand-picked few', () => {
    expect(decodeEntities('It&rsquo;s &eacute;t&eacute; &mdash; wait&hellip; &laquo;ok&raquo; &euro;5 &copy;')).toBe(
      'It’s été — wait… «ok» €5 ©',
    );
  });
  it('decodes once: a double-encoded entity shows as its text', () => {
    expect(decodeEntities('&amp;rsquo; &amp;amp;')).toBe('&rsquo; &amp;');
  });
  it('leaves unknown entities and lone ampersands alone', () => {
    expect(decodeEntities('&bogus; & plain AT&T')).toBe('&bogus; & plain AT&T');
  });
});

describe('decodeEntities never creates markup', () => {
  it('keeps tags in a title as text and runs nothing', () => {
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>&lt;b&gt;';
    expect(decodeEntities(hostile)).toBe('<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
