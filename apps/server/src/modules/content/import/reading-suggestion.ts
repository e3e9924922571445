import type { PageSize } from './import-plan.js';

/**
 * The reading settings an import gives a book it creates (issue 45, docs/CONTENT.md "Reading
 * direction and mode"): the direction from the source's metadata (ComicInfo `Manga`), and the mode
 * from the shape of the pages, as Kavita and Komga guess it:
 * - most pages portrait (height 1.2 to 2.2 times the width, a printed page): single pages;
 * - tall strips (height over 2.5 times the width, a webtoon's long images): the long strip;
 * - anything else (mixed shapes, square or wide pages): the long strip, today's default.
 * An import that adds chapters to an existing book never changes what the operator set.
 */

export interface ReadingSuggestion {
  direction: 'ltr' | 'rtl';
  mode: 'strip' | 'single';
  /** Why, in words for the import summary. */
  reasons: string[];
}

const PORTRAIT_MIN = 1.2;
const PORTRAIT_MAX = 2.2;
const STRIP_MIN = 2.5;

export function suggestReading(direction: 'ltr' | 'rtl' | null, pages: readonly PageSize[]): ReadingSuggestion {
  const reasons: string[] = [];
  if (direction === 'rtl') reasons.push('ComicInfo.xml Manga is YesAndRightToLeft: right to left');
  else if (direction === 'ltr') reasons.push('ComicInfo.xml Manga is Yes: left to right');
  const ratio = (page: PageSize) => page.height / page.width;
  const portrait = pages.filter((page) => ratio(page) >= PORTRAIT_MIN && ratio(page) <= PORTRAIT_MAX).length;
  const strips = pages.filter((page) => ratio(page) > STRIP_MIN).length;
  let mode: ReadingSuggestion['mode'] = 'strip';
  if (pages.length > 0 && portrait * 2 > pages.length) {
    mode = 'single';
    reasons.push(`${portrait} of ${pages.length} pages are portrait pages: single pages`);
  } else if (pages.length > 0 && strips * 2 > pages.length) {
    reasons.push(`${strips} of ${pages.length} pages are tall strips: long strip`);
  } else if (pages.length > 0) {
    reasons.push('the pages are of mixed shapes: long strip');
  }
  return { direction: direction ?? 'ltr', mode, reasons };
}
