import { describe, expect, it } from 'vitest';
import { allowListOnly, countWords, sanitiseChapterHtml } from './html-sanitiser.js';

const html = (source: string) => sanitiseChapterHtml(source).html;

describe('sanitiseChapterHtml', () => {
  it('keeps paragraphs, headings, quotes, rules and emphasis without any attribute', () => {
    expect(
      html('<h1 id="c1" style="x">Title</h1><p class="a">One <em>two</em> <strong>three</strong> <i>four</i> <b>five</b><br/>six</p>'),
    ).toBe('<h1>Title</h1><p>One <em>two</em> <strong>three</strong> <em>four</em> <strong>five</strong><br>six</p>');
    expect(html('<blockquote><p>Quoted</p></blockquote><hr class="sep"/><h6>Small</h6>')).toBe(
      '<blockquote><p>Quoted</p></blockquote><hr><h4>Small</h4>',
    );
  });

  it('drops scripts, styles, the head and event handlers with their content', () => {
    const result = html(
      '<html><head><title>Doc</title><style>p { color: red }</style><script>alert(1)</script></head>' +
        '<body onload="steal()"><p onclick="steal()" onmouseover="x()">Safe</p><script type="text/javascript">document.cookie</script>' +
        '<noscript>no</noscript><iframe src="https://evil.example">frame</iframe><svg><script>bad()</script></svg></body></html>',
    );
    expect(result).toBe('<p>Safe</p>');
  });

  it('unwraps links (javascript: or not), spans and divs but keeps their text', () => {
    expect(html('<p>Go <a href="javascript:alert(1)">here</a> or <a href="https://example.com" onclick="x()">there</a>.</p>')).toBe(
      '<p>Go here or there.</p>',
    );
    expect(html('<div>Loose <span style="color:red">text</span></div><div><div>Nested</div></div>')).toBe('<p>Loose text</p><p>Nested</p>');
  });

  it('decodes entities once and escapes the text again', () => {
    expect(html('<p>&amp;lt;b&amp;gt; is &lt;b&gt; &#169; &eacute;t&eacute; &nbsp;&#x4E2D;</p>')).toBe(
      '<p>&amp;lt;b&amp;gt; is &lt;b&gt; © été \u00a0中</p>',
    );
    expect(html('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('copes with nested and unclosed tags', () => {
    expect(html('<p><em><strong>deep</strong></em></p>')).toBe('<p><em><strong>deep</strong></em></p>');
    expect(html('<p>one<p>two')).toBe('<p>one</p><p>two</p>');
    expect(html('<p><em>open <b>bold</p><p>next</p>')).toBe('<p><em>open <strong>bold</strong></em></p><p>next</p>');
    expect(html('<p><i>a <em>b</em> c</i></p>')).toBe('<p><em>a <em>b</em> c</em></p>');
    expect(html('<em>bare inline</em> text')).toBe('<p><em>bare inline</em> text</p>');
    expect(html('<p><a href="x"><em>linked</em></a></p>')).toBe('<p><em>linked</em></p>');
  });

  it('collapses whitespace and removes blocks left empty', () => {
    expect(html('<p>\n   spaced\t\tout   </p><p>  </p><p><br/></p><p><img src="a.png"/></p>')).toBe('<p>spaced out</p>');
  });

  it('collects images in order and the first heading', () => {
    const result = sanitiseChapterHtml('<h2>  The <em>Map</em> </h2><p><img src="../i/a.png"/></p><svg><image xlink:href="b.jpg"/></svg>');
    expect(result.images).toEqual(['../i/a.png', 'b.jpg']);
    expect(result.firstHeading).toBe('The Map');
    expect(result.wordCount).toBe(2);
  });
});

describe('allowListOnly (the last pass, whatever the normaliser produced)', () => {
  it("keeps the reader's tags as they are", () => {
    const clean = '<h1>T</h1><p>a <em>b</em> <strong>c</strong><br>d &amp;lt; &lt;</p><blockquote><p>q</p></blockquote><hr><h4>s</h4>';
    expect(allowListOnly(clean)).toBe(clean);
  });

  it('removes any other element and every attribute', () => {
    expect(
      allowListOnly('<p onclick="x()" class="a">hi<script>bad()</script><a href="javascript:x">link</a><img src=x onerror=y></p>'),
    ).toBe('<p>hilink</p>');
    expect(allowListOnly('<svg><script>bad()</script></svg><style>p{}</style><iframe src="//evil"></iframe><em style="x">ok</em>')).toBe(
      '<em>ok</em>',
    );
  });
});

describe('countWords', () => {
  it('counts words in spaced scripts and characters in Chinese', () => {
    expect(countWords('Hello, brave new world!')).toBe(4);
    expect(countWords('Il était une fois')).toBe(4);
    expect(countWords('مرحبا بالعالم')).toBe(2);
    expect(countWords('从前有一座山')).toBe(6);
    expect(countWords('— … !')).toBe(0);
  });
});
