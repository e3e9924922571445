import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeBasicEntities, decodeEntities, setEntityDecoder } from './decode-entities';

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

describe('decodeEntities without a DOM (the server render)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uses the decoder the server gives, and never touches document', () => {
    vi.stubGlobal('document', undefined);
    setEntityDecoder((text) => `decoded(${text})`);
    expect(decodeEntities('Tom &amp; Jerry')).toBe('decoded(Tom &amp; Jerry)');
    expect(decodeEntities('no ampersand')).toBe('no ampersand');
  });

  it('decodes numeric references and the XML names on its own, keeping other names', () => {
    expect(decodeBasicEntities('&#8212;&#x4E2D;&#x1F600; &amp;rsquo; &lt;b&gt; &quot;&apos; &#0; &#xD800; &#1114112; &rsquo; AT&T')).toBe(
      '—中😀 &rsquo; <b> "\' \ufffd \ufffd \ufffd &rsquo; AT&T',
    );
  });
});

describe('the server and the browser decode alike (hydration finds the text it rendered)', () => {
  it('gives the same text from the entities package (the server) as from the HTML parser (the browser)', async () => {
    // The server's decoder, imported here only (the web app never ships it).
    const { decodeHTML } = await import('entities/decode');
    const samples = [
      'Tom & Jerry &amp;rsquo; It&rsquo;s &#x1F600; a < b > c "double" \'single\' \u200fRTL\u200e',
      '&amp &lt3 &copy2026 &notit; &notin; AT&T &#150; &#x80; &#0; &#xD800; &#1114112; &#x110000;',
      'Fish &amp; Chips &eacute;t&eacute; &NotNestedGreaterGreater; &bogus; &; &#; &#x;',
      '\u200fمرحبا &amp; وداعا &lt;ب&gt;\u200f',
    ];
    for (const sample of samples) expect(decodeEntities(sample), sample).toBe(decodeHTML(sample));
  });
});
