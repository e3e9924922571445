import { describe, expect, it } from 'vitest';
import { parseComicInfo } from './comic-info.js';
import { suggestReading } from './reading-suggestion.js';

const pages = (count: number, width: number, height: number) => Array.from({ length: count }, () => ({ width, height }));
const mangaOf = (value: string) => {
  const warnings: string[] = [];
  const info = parseComicInfo(`<ComicInfo><Series>S</Series><Manga>${value}</Manga></ComicInfo>`, warnings);
  return { direction: info.readingDirection, warnings };
};

describe('reading settings of an imported comic', () => {
  it("reads ComicInfo's Manga: YesAndRightToLeft is rtl, Yes is ltr, No and Unknown say nothing, others warn", () => {
    expect(mangaOf('YesAndRightToLeft')).toEqual({ direction: 'rtl', warnings: [] });
    expect(mangaOf('yesandrighttoleft')).toEqual({ direction: 'rtl', warnings: [] });
    expect(mangaOf('Yes')).toEqual({ direction: 'ltr', warnings: [] });
    expect(mangaOf('No')).toEqual({ direction: null, warnings: [] });
    expect(mangaOf('Unknown')).toEqual({ direction: null, warnings: [] });
    expect(mangaOf('Sideways')).toEqual({
      direction: null,
      warnings: ['ComicInfo.xml Manga "Sideways" is not Yes, YesAndRightToLeft, No or Unknown; ignored'],
    });
  });

  it('suggests single pages when most pages are portrait (1.2 to 2.2 times as tall as wide)', () => {
    expect(suggestReading(null, [...pages(3, 100, 120), ...pages(2, 200, 100)])).toMatchObject({ direction: 'ltr', mode: 'single' });
    expect(suggestReading('rtl', pages(4, 100, 220))).toMatchObject({ direction: 'rtl', mode: 'single' });
    // Half is not most.
    expect(suggestReading(null, [...pages(2, 100, 150), ...pages(2, 100, 100)]).mode).toBe('strip');
  });

  it('keeps the long strip for tall strips, square or wide pages, and no pages', () => {
    expect(suggestReading(null, pages(3, 100, 251))).toEqual({
      direction: 'ltr',
      mode: 'strip',
      reasons: ['3 of 3 pages are tall strips: long strip'],
    });
    // Between portrait and strip (2.3 times): neither.
    expect(suggestReading(null, pages(3, 100, 230)).reasons).toEqual(['the pages are of mixed shapes: long strip']);
    expect(suggestReading(null, pages(3, 100, 100)).mode).toBe('strip');
    expect(suggestReading(null, [])).toEqual({ direction: 'ltr', mode: 'strip', reasons: [] });
  });
});
