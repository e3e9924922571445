import { describe, expect, it } from 'vitest';
import { MAX_NESTING, renderChapterXhtml, xhtmlContent } from './opds-novel-text.js';
import { renderXml, el } from './opds-xml.js';

/** The chapter text's way out: whatever is stored, the XHTML is well-formed and carries nothing active. */

const body = (html: string) => renderXml(el('body', {}, xhtmlContent(html)));

describe('xhtmlContent', () => {
  it('keeps the reader\u2019s few tags, drops attributes, scripts and styles, unwraps the rest', () => {
    expect(
      body('<p class="x" onclick="y()">a <em style="z">b</em><br>c</p><script>bad()</script><div><a href="javascript:x">d</a></div>'),
    ).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<body><p>a <em>b</em><br/>c</p>d</body>\n');
  });

  it('writes text escaped once, and leaves out what XML cannot carry', () => {
    expect(body('<p>1 &lt; 2 &amp;&amp; <![CDATA[x]]> \u0001\uFFFE ok</p>')).toMatch(/<p>1 &lt; 2 &amp;&amp; +ok<\/p>/);
  });

  it('keeps the text of thousands of nested tags without their markup past the nesting limit', () => {
    const depth = 10_000;
    const html = `<p>${'<em>'.repeat(depth)}deep${'</em>'.repeat(depth)}</p>`;
    const out = body(html);
    expect(out).toContain('deep');
    expect(out.split('<em>').length - 1).toBeLessThan(MAX_NESTING);
  });

  it('a whole document: declaration, XHTML namespace, lang, xml:lang, dir', () => {
    const doc = renderChapterXhtml({ title: 'T', heading: '1. H', language: 'ar-sa', html: '<p>نص</p>' });
    expect(doc).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<html xmlns="http://www.w3.org/1999/xhtml" lang="ar-sa" xml:lang="ar-sa" dir="rtl"><head><meta charset="utf-8"/><title>T</title></head>' +
        '<body><h1>1. H</h1><p>نص</p></body></html>\n',
    );
  });
});
