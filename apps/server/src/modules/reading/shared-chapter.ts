import type { BookReading } from '@inkstream/contracts';
import type { DbExecutor } from '../../db/database.js';
import type { ChapterPagesTable } from '../../db/schema.js';
import { fallbackOrder, pickTranslation } from '../../lib/language.js';
import * as repo from './reading.repository.js';

/** A stored page as the answer needs it: its keys (the fallback, the variants, the data saver's) and size. */
export type StoredPage = Pick<ChapterPagesTable, 'media_key' | 'avif_key' | 'webp_key' | 'lite_key' | 'width' | 'height'>;

/**
 * The part of a chapter's content that is the same for every reader of one language and changes
 * only with the catalogue version (titles, pages, text, neighbours, ids). It holds media keys,
 * never URLs: a paid page is signed per request, since signatures expire.
 */
export interface SharedChapter {
  chapterUuid: string;
  bookUuid: string;
  number: number;
  bookType: 'comic' | 'novel';
  chapterTitle: string;
  title: string;
  pages: StoredPage[];
  text: string | null;
  textLanguage: string | null;
  /** Every language the text exists in (novels; empty for comics). */
  textLanguages: string[];
  prev: string | null;
  next: string | null;
  /** The book sells chapters for coins (its price is set): a refusal asks for the unlock offer (issue 42). */
  sellsChapters: boolean;
  /** The book's content rating (issue 61): whether this reader may open it is access/content-rating.ts's rule. */
  contentRating: string;
  /** The book's reading direction and mode (issue 45): the operator's, changed with the catalogue version. */
  reading: BookReading;
}

/** Reads the shared part of a published chapter in a resolved language; undefined when it is not readable. */
export async function readSharedChapter(db: DbExecutor, chapterUuid: string, language: string): Promise<SharedChapter | undefined> {
  const chapter = await repo.findReadableChapter(db, chapterUuid);
  if (!chapter) return undefined;
  const original = chapter.original_language;
  const isNovel = chapter.book_type === 'novel';
  const [chapterTitles, bookTitles, pages, text, textLanguages, neighbours] = await Promise.all([
    repo.findChapterTitles(db, chapter.chapter_id),
    repo.findBookTitles(db, chapter.book_id),
    repo.findAllPages(db, chapter.chapter_id),
    isNovel ? repo.findChapterText(db, chapter.chapter_id, fallbackOrder(language, original)) : Promise.resolve(undefined),
    isNovel ? repo.findChapterTextLanguages(db, chapter.chapter_id) : Promise.resolve([]),
    repo.findNeighbourUuids(db, chapter.book_id, chapter.number),
  ]);
  const pageLanguage = choosePageLanguage(
    pages.map((page) => page.language),
    language,
    original,
  );
  return {
    chapterUuid: chapter.chapter_uuid,
    bookUuid: chapter.book_uuid,
    number: chapter.number,
    bookType: chapter.book_type,
    chapterTitle: pickTranslation(chapterTitles, language, original)?.title ?? '',
    title: pickTranslation(bookTitles, language, original)?.title ?? '',
    pages: pages
      .filter((page) => page.language === pageLanguage)
      .map(({ media_key, avif_key, webp_key, lite_key, width, height }) => ({ media_key, avif_key, webp_key, lite_key, width, height })),
    text: text?.html ?? null,
    textLanguage: text?.language ?? null,
    textLanguages,
    prev: neighbours.prev ?? null,
    next: neighbours.next ?? null,
    sellsChapters: chapter.coin_price !== null,
    contentRating: chapter.content_rating,
    reading: { direction: chapter.reading_direction, mode: chapter.reading_mode },
  };
}

/** Pages in the asked language when that edition exists, else the original, else any edition. */
function choosePageLanguage(languages: readonly string[], language: string, original: string): string | undefined {
  if (languages.includes(language)) return language;
  if (languages.includes(original)) return original;
  return languages[0];
}

/** Bytes the entry holds, about (JavaScript strings take up to two bytes a character): what the cache bounds. */
export const sharedChapterBytes = (chapter: SharedChapter) => 2 * JSON.stringify(chapter).length;
