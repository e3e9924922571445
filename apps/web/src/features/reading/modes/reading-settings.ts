import type { BookReading, ReadingDefaults, ReadingDirection, ReadingFit, ReadingMode } from '@inkstream/contracts';

/**
 * What decides how a book is read (issue 45; docs/READER-JOURNEY.md "Reading modes"). Pure, so the
 * rules are tested on their own and the server render, the reader and the settings panel agree.
 *
 * Field by field:
 * - mode: the reader's choice for the book; else, for a paged book (single or double), the reader's
 *   default mode; else the book's. A webtoon drawn as one strip stays a strip unless the reader
 *   says so for that book (its pages are slices of one long picture, not pages to turn), while a
 *   reader who prefers double pages, or scrolling, gets them in every paged book.
 * - direction: the reader's choice for the book, else the book's. A personal default never turns a
 *   right-to-left manga around (as in MangaDex, Kavita and Komga); `defaults.direction` is kept
 *   for other apps but the web reader does not use it.
 * - fit and cover alone: the reader's choice for the book, else their default, else the site's:
 *   the whole page in view (fit height) and cover alone off. A page reader shows pages whole, as
 *   Mihon's and Kavita's do by default; fit width on a desktop would show only a page's top.
 */

export interface ComicSettings {
  mode: ReadingMode;
  direction: ReadingDirection;
  fit: ReadingFit;
  coverAlone: boolean;
}

/** One book's choices as the reader made them: null follows the book or the reader's default. */
export interface BookChoice {
  mode: ReadingMode | null;
  direction: ReadingDirection | null;
  fit: ReadingFit | null;
  cover_alone: boolean | null;
}

export const SITE_FIT: ReadingFit = 'height';
export const SITE_READING: BookReading = { direction: 'ltr', mode: 'strip' };

export const EMPTY_DEFAULTS: ReadingDefaults = {
  mode: null,
  direction: null,
  fit: null,
  cover_alone: null,
  font_size: null,
  font_family: null,
  line_spacing: null,
  margins: null,
  theme: null,
};

export const EMPTY_CHOICE: BookChoice = { mode: null, direction: null, fit: null, cover_alone: null };

export function resolveComicSettings(
  book: BookReading | undefined,
  defaults: ReadingDefaults = EMPTY_DEFAULTS,
  choice: BookChoice = EMPTY_CHOICE,
): ComicSettings {
  const own = book ?? SITE_READING;
  const paged = own.mode !== 'strip';
  return {
    mode: choice.mode ?? (paged ? (defaults.mode ?? own.mode) : own.mode),
    direction: choice.direction ?? own.direction,
    fit: choice.fit ?? defaults.fit ?? SITE_FIT,
    coverAlone: choice.cover_alone ?? defaults.cover_alone ?? false,
  };
}
