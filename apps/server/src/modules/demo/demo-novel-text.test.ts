import { describe, expect, it } from 'vitest';
import { DEMO_BOOKS } from './demo-books.js';
import { countWords, demoNovelTexts } from './demo-novel-text.js';

const novels = DEMO_BOOKS.flatMap((book, index) => (book.book_type === 'novel' ? [{ book, index }] : []));
const comicIndex = DEMO_BOOKS.findIndex((book) => book.book_type === 'comic');

describe('demo novel text', () => {
  it('gives every demo novel chapter text in each asked language, using only chapter-text tags', () => {
    expect(novels.length).toBeGreaterThan(0);
    for (const { book, index } of novels) {
      for (let number = 1; number <= book.chapter_count; number++) {
        const texts = demoNovelTexts(book, index, number, ['zh-cn', 'en-us']);
        expect(texts.map((text) => text.language)).toEqual(['zh-cn', 'en-us']);
        for (const text of texts) {
          expect(text.html.match(/<p>/g)!.length).toBeGreaterThanOrEqual(4);
          const tags = new Set([...text.html.matchAll(/<\/?([a-z0-9]+)/g)].map((match) => match[1]));
          for (const tag of tags) expect(['p', 'em', 'strong', 'blockquote', 'hr']).toContain(tag);
          expect(text.word_count).toBe(countWords(text.html, text.language));
          expect(text.word_count).toBeGreaterThan(80);
        }
      }
    }
  });

  it('is deterministic, differs between chapters and keeps languages parallel', () => {
    const { book, index } = novels[0]!;
    const languages = ['en-us', 'zh-cn', 'fr-fr', 'es-es', 'ar-sa'] as const;
    expect(demoNovelTexts(book, index, 2, languages)).toEqual(demoNovelTexts(book, index, 2, languages));
    expect(demoNovelTexts(book, index, 2, ['en-us'])[0]!.html).not.toBe(demoNovelTexts(book, index, 3, ['en-us'])[0]!.html);
    const blocks = demoNovelTexts(book, index, 2, languages).map((text) => text.html.split('\n').length);
    expect(new Set(blocks).size).toBe(1);
    expect(demoNovelTexts(book, index, 2, ['en-us'])[0]!.html).toContain('Xie Wuya');
  });

  it('gives comics no text', () => {
    expect(demoNovelTexts(DEMO_BOOKS[comicIndex]!, comicIndex, 1, ['en-us'])).toEqual([]);
  });

  it('counts Chinese characters and other words', () => {
    expect(countWords('<p>今天<em>下雨</em>了。</p>', 'zh-cn')).toBe(5);
    expect(countWords('<p>It rained <em>all</em> day — “again”.</p>', 'en-us')).toBe(5);
  });
});
