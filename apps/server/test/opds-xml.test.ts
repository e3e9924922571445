import { describe, expect, it } from 'vitest';
import { parseXml } from './helpers/strict-xml.js';
import { el, escapeAttribute, escapeText, renderXml, stripForbidden } from '../src/modules/opds/opds-xml.js';

/** The feeds' XML writer (modules/opds/opds-xml.ts): whatever the data, the document is well formed and says the data. */

const parse = parseXml;

describe('OPDS XML writer', () => {
  it('escapes markup in text and attributes', () => {
    expect(escapeText(`<a href="x">&amp;</a>]]>`)).toBe('&lt;a href="x"&gt;&amp;amp;&lt;/a&gt;]]&gt;');
    expect(escapeAttribute(`"it's" <b> & \t\n\r`)).toBe('&quot;it&apos;s&quot; &lt;b&gt; &amp; &#9;&#10;&#13;');
  });

  it('drops the characters XML 1.0 cannot carry: controls, lone surrogates, U+FFFE and U+FFFF', () => {
    expect(stripForbidden('a\u0000b\u0001c\u0008d\u000Be\u001Ff\uFFFEg\uFFFFh')).toBe('abcdefgh');
    expect(stripForbidden('x\uD800y\uDC00z')).toBe('xyz');
    // Tab, line feed, carriage return and real pairs (emoji) stay.
    expect(stripForbidden('\t\n\r😀 中文 العربية')).toBe('\t\n\r😀 中文 العربية');
  });

  it('writes a document a strict parser reads back to the same text and attribute values', () => {
    const nasty = `<script>alert("x")</script>&'\u0002\uD800 😀\nline`;
    const xml = renderXml(
      el(
        'feed',
        { xmlns: 'http://www.w3.org/2005/Atom', 'xml:lang': 'en-us' },
        el('title', { label: nasty }, nasty),
        [el('id', {}, 7)],
        null,
        false,
      ),
    );
    const doc = parse(xml);
    const title = doc.getElementsByTagName('title')[0]!;
    const expected = `<script>alert("x")</script>&' 😀\nline`;
    expect(title.textContent).toBe(expected);
    expect(title.getAttribute('label')).toBe(expected);
    expect(doc.getElementsByTagName('id')[0]!.textContent).toBe('7');
    expect(xml).not.toContain('<script>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('leaves out absent attributes and children, and refuses names that are not XML names', () => {
    expect(renderXml(el('link', { rel: 'self', type: undefined, href: null }))).toContain('<link rel="self"/>');
    expect(() => el('a b')).toThrow();
    expect(() => el('link', { 'on"x': 'y' })).toThrow();
  });
});
