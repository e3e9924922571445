import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage } from '../../lib/accept-language.js';
import { choosePageLanguage, htmlLang } from './seo-language.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { cutText, decodeEntities, toDescription, toPlainLine } from './seo-text.js';

const length = (text: string) => Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)).length;

describe('descriptions', () => {
  it('keeps text of at most 160 characters as it is', () => {
    const text = 'a'.repeat(160);
    expect(cutText(text)).toBe(text);
  });

  it('cuts long text at the last space, with an ellipsis, within 160 characters', () => {
    const text = 'word '.repeat(60).trim();
    const cut = cutText(text);
    expect(length(cut)).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/ word…$/);
  });

  it('cuts text without spaces between characters and never splits an emoji', () => {
    const chinese = '漫画'.repeat(100);
    expect(cutText(chinese)).toBe(`${'漫画'.repeat(79)}漫…`);
    const emoji = '👩‍👩‍👧'.repeat(200);
    const cut = cutText(emoji);
    expect(length(cut)).toBe(160);
    expect(cut).toBe(`${'👩‍👩‍👧'.repeat(159)}…`);
  });

  it('drops trailing punctuation before the ellipsis', () => {
    expect(cutText(`${'x'.repeat(150)}, ${'y'.repeat(20)}`)).toBe(`${'x'.repeat(150)}…`);
  });

  it('decodes entities and collapses whitespace before cutting', () => {
    expect(toDescription('  Tom &amp; Jerry\n\n\tgo &#x41;&#66;  &lt;home&gt; &bogus; ')).toBe('Tom & Jerry go AB <home> &bogus;');
    // Out-of-range code points become U+FFFD, as in a browser.
    expect(decodeEntities('&#0; &#x110000;')).toBe('\ufffd \ufffd');
  });

  it('decodes every HTML named entity, once, and the escaped head holds no markup', () => {
    expect(toPlainLine('It&rsquo;s &eacute;t&eacute; &mdash; wait&hellip;')).toBe('It’s été — wait…');
    expect(decodeEntities('&amp;rsquo;')).toBe('&rsquo;');
    expect(escapeHtml(toPlainLine('&lt;script&gt;alert(1)&lt;/script&gt;'))).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('escapes everything that could end a text node or an attribute', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'q'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;');
  });
});

describe('page language', () => {
  it('maps the preferred Accept-Language entry as the web app maps navigator.language', () => {
    expect(languageFromAcceptLanguage('zh-TW,zh;q=0.9,en;q=0.8')).toBe('zh-cn');
    expect(languageFromAcceptLanguage('en;q=0.5, fr-CA;q=0.9')).toBe('fr-fr');
    expect(languageFromAcceptLanguage('ar')).toBe('ar-sa');
    expect(languageFromAcceptLanguage('de-DE, es;q=0.8')).toBe('en-us');
    expect(languageFromAcceptLanguage('*')).toBe('en-us');
    expect(languageFromAcceptLanguage(undefined)).toBe('en-us');
    expect(languageFromAcceptLanguage('es;q=0, fr')).toBe('fr-fr');
  });

  it('prefers a valid ?lang= and ignores an unknown one', () => {
    expect(choosePageLanguage('ES-ES', 'zh')).toEqual({ language: 'es-es', isExplicit: true });
    expect(choosePageLanguage('xx', 'zh')).toEqual({ language: 'zh-cn', isExplicit: false });
    expect(htmlLang('zh-cn')).toBe('zh-CN');
  });
});
