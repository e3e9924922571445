import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { chapterTextBlocks, illustrationSlots } from './chapter-text';

const render = (html: string) => renderToStaticMarkup(createElement(Fragment, null, ...chapterTextBlocks(html)));

describe('chapterTextBlocks', () => {
  it('keeps the allowed tags, moving headings one level down under the page title', () => {
    const html = '<h1>One</h1><h4>Four</h4><p>A <em>b</em> <strong>c</strong><br>d</p><blockquote><p>q</p></blockquote><hr>';
    expect(render(html)).toBe(
      '<h2>One</h2><h5>Four</h5><p>A <em>b</em> <strong>c</strong><br/>d</p><blockquote><p>q</p></blockquote><hr/>',
    );
  });

  it('drops scripts, media, frames and styles with their content, and every attribute', () => {
    const html = [
      '<p onclick="alert(1)" style="color:red" class="x" id="y">Safe</p>',
      '<script>alert(1)</script>',
      '<img src="x" onerror="alert(2)">',
      '<p>before<svg><script>alert(3)</script></svg>after</p>',
      '<iframe src="javascript:alert(4)"></iframe>',
      '<style>p{display:none}</style>',
      '<object data="evil.swf"></object><embed src="x"><video src="v"></video><form><input value="pw"></form>',
    ].join('');
    const markup = render(html);
    expect(markup).toBe('<p>Safe</p><p>beforeafter</p>');
    expect(markup).not.toMatch(/alert|onerror|onclick|style|src=/);
  });

  it('unwraps links and other unknown elements to their text, so no href (javascript: or not) survives', () => {
    const html =
      '<p>Go <a href="javascript:alert(1)">here</a> or <a href="https://example.com" target="_blank">there</a>.</p><div><p>in a div</p></div><span>loose</span>';
    expect(render(html)).toBe('<p>Go here or there.</p><p>in a div</p>loose');
  });

  it('keeps escaped text as text and leaves out blank text between blocks', () => {
    const blocks = chapterTextBlocks('<p>1 &lt; 2 &amp;&amp; &lt;b&gt;</p>\n\n  <p>two</p>\n');
    expect(blocks).toHaveLength(2);
    expect(render('<p>1 &lt; 2 &amp;&amp; &lt;b&gt;</p>')).toBe('<p>1 &lt; 2 &amp;&amp; &lt;b&gt;</p>');
    expect(chapterTextBlocks('   ')).toEqual([]);
  });

  it('flattens absurdly deep nesting to text instead of recursing without end', () => {
    const deep = '<blockquote>'.repeat(500) + 'bottom' + '</blockquote>'.repeat(500);
    const markup = render(deep);
    expect(markup).toContain('bottom');
    expect(markup.split('<blockquote>').length - 1).toBeLessThanOrEqual(25);
  });
});

describe('illustrationSlots', () => {
  it('puts the first illustration first and spreads the rest evenly', () => {
    expect(illustrationSlots(10, 1)).toEqual([0]);
    expect(illustrationSlots(10, 2)).toEqual([0, 5]);
    expect(illustrationSlots(9, 3)).toEqual([0, 3, 6]);
    expect(illustrationSlots(2, 4)).toEqual([0, 0, 1, 1]);
    expect(illustrationSlots(5, 0)).toEqual([]);
  });
});
