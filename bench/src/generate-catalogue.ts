import { GENRE_TAG_LIST } from '@inkstream/contracts';
import SQLite, { type Database } from 'better-sqlite3';
import { createBulkInserter, suspendIndexes } from './bulk-insert.js';
import { chineseBookTitle, chineseIntroduction, englishBookTitle, englishChapterTitle, englishIntroduction } from './catalogue-text.js';
import { createRandom, type Random } from './random.js';

/** Bump whenever the generated data changes, so cached catalogues are rebuilt instead of reused. */
export const GENERATOR_VERSION = 1;

export interface GenerateOptions {
  books: number;
  seed: number;
  /** Books, their texts and tags only, no chapters (the search benchmark at a million books needs no more). */
  booksOnly?: boolean;
}

export interface CatalogueStats {
  books: number;
  chapters: number;
  pages: number;
}

const DAY = 86_400_000;
/** A fixed "now" keeps the catalogue byte-identical whatever day it is generated. */
const CATALOGUE_NOW = Date.UTC(2026, 10, 1);
const MAX_CHAPTERS = 19; // uniform 1..19: ten chapters per book on average, a million for 100,000 books
const PAGES_PER_CHAPTER = 3;
// Falling weights make some genres common and others rare, so "search with a tag" can be measured on a rare one,
// the hard case for a plan that walks the global order and filters by tag.
const TAG_WEIGHTS = GENRE_TAG_LIST.map((_, index) => GENRE_TAG_LIST.length + 1 - index);
const TABLES = ['books', 'book_translations', 'tags', 'book_tags', 'chapters', 'chapter_translations', 'chapter_pages'];

/**
 * Fills an empty, migrated SQLite database with a deterministic catalogue: books with English and Chinese
 * titles and 1 to 3 genre tags, chapters with English titles and three pages each, counters consistent.
 * Writes straight through better-sqlite3 rather than the server's per-row repository, which would take hours.
 */
export function generateCatalogue(sqlitePath: string, options: GenerateOptions): CatalogueStats {
  const db = new SQLite(sqlitePath);
  try {
    const { count } = db.prepare('SELECT COUNT(*) AS count FROM books').get() as { count: number };
    if (count > 0) throw new Error(`${sqlitePath} already holds ${count} books; the generator needs an empty catalogue`);
    // The load is all-or-nothing (the cache marker is written only after it succeeds), so it can skip the journal,
    // fsync and foreign-key checks; the data is consistent by construction.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = OFF');
    db.pragma('cache_size = -262144');
    const restoreIndexes = suspendIndexes(db, TABLES);
    const stats = db.transaction(() => insertCatalogue(db, options))();
    restoreIndexes();
    // Any process caching rankings keyed by this value rebuilds them (the server moves it in modules/catalogue/catalogue-changes.ts).
    db.prepare(
      "INSERT INTO app_state (state_key, value) VALUES ('catalogue_version', ?) ON CONFLICT (state_key) DO UPDATE SET value = excluded.value",
    ).run(`bench-generator-v${GENERATOR_VERSION}-${options.books}`);
    db.pragma('journal_mode = WAL');
    return stats;
  } finally {
    db.close();
  }
}

function insertCatalogue(db: Database, options: GenerateOptions): CatalogueStats {
  const random = createRandom(options.seed);
  const tagIds = ensureGenreTags(db);
  const books = createBulkInserter(db, 'books', [
    ...['id', 'uuid', 'book_type', 'original_language', 'cover_key', 'public_free_chapters', 'recommendation_rank'],
    ...['is_published', 'chapter_count', 'total_likes', 'popularity', 'created_at', 'updated_at'],
  ]);
  const bookTranslations = createBulkInserter(db, 'book_translations', ['book_id', 'language', 'title', 'introduction']);
  const bookTags = createBulkInserter(db, 'book_tags', ['book_id', 'tag_id', 'position']);
  const chapters = createBulkInserter(db, 'chapters', [
    ...['id', 'uuid', 'book_id', 'number', 'is_published'],
    ...['cover_key', 'total_likes', 'created_at'],
  ]);
  const chapterTranslations = createBulkInserter(db, 'chapter_translations', ['chapter_id', 'language', 'title']);
  const pages = createBulkInserter(db, 'chapter_pages', ['chapter_id', 'language', 'position', 'media_key', 'width', 'height']);

  let chapterId = 0;
  for (let bookId = 1; bookId <= options.books; bookId++) {
    const uuid = random.uuid();
    const chapterCount = random.int(1, MAX_CHAPTERS);
    const interval = random.int(DAY / 24, 14 * DAY);
    const updatedAt = CATALOGUE_NOW - random.int(0, 730 * DAY);
    const firstChapterAt = updatedAt - (chapterCount - 1) * interval;
    // Popularity is heavy-tailed like real reading counts; likes follow it loosely.
    const popularity = Math.floor(1_000_000 * random.next() ** 4);
    const totalLikes = Math.floor(popularity / random.int(10, 100));
    books.add(
      bookId,
      uuid,
      random.next() < 0.85 ? 'comic' : 'novel',
      random.next() < 0.8 ? 'zh-cn' : 'en-us',
      `covers/${uuid}/${random.hex(8)}${random.hex(8)}.webp`,
      random.next() < 0.8 ? 3 : random.int(0, 5),
      bookId <= 10 ? bookId : null,
      1,
      chapterCount,
      totalLikes,
      popularity,
      firstChapterAt - random.int(0, 30 * DAY),
      updatedAt,
    );
    const englishTitle = englishBookTitle(random);
    const chineseTitle = chineseBookTitle(random);
    bookTranslations.add(bookId, 'en-us', englishTitle, englishIntroduction(random, englishTitle));
    bookTranslations.add(bookId, 'zh-cn', chineseTitle, chineseIntroduction(random, chineseTitle));
    pickTags(random, random.int(1, 3)).forEach((tagIndex, position) => bookTags.add(bookId, tagIds[tagIndex] ?? 0, position));
    if (options.booksOnly) continue;

    for (let number = 1; number <= chapterCount; number++) {
      chapterId++;
      const chapterUuid = random.uuid();
      chapters.add(chapterId, chapterUuid, bookId, number, 1, null, random.int(0, 500), firstChapterAt + (number - 1) * interval);
      chapterTranslations.add(chapterId, 'en-us', englishChapterTitle(random, number));
      for (let position = 0; position < PAGES_PER_CHAPTER; position++) {
        pages.add(
          chapterId,
          'en-us',
          position,
          `pages/${uuid}/${chapterUuid}/en-us/${position}-${random.hex(8)}${random.hex(8)}.webp`,
          800,
          1600,
        );
      }
    }
  }
  for (const inserter of [books, bookTranslations, bookTags, chapters, chapterTranslations, pages]) inserter.flush();
  return { books: options.books, chapters: chapterId, pages: chapterId * PAGES_PER_CHAPTER };
}

function ensureGenreTags(db: Database): number[] {
  const insert = db.prepare('INSERT INTO tags (name) VALUES (?) ON CONFLICT (name) DO NOTHING');
  const select = db.prepare('SELECT id FROM tags WHERE name = ?');
  return GENRE_TAG_LIST.map((name) => {
    insert.run(name);
    return (select.get(name) as { id: number }).id;
  });
}

/** `count` distinct indexes into GENRE_TAG_LIST, drawn by TAG_WEIGHTS. */
function pickTags(random: Random, count: number): number[] {
  const total = TAG_WEIGHTS.reduce((sum, weight) => sum + weight, 0);
  const picked: number[] = [];
  while (picked.length < count) {
    let roll = random.next() * total;
    let index = 0;
    while (index < TAG_WEIGHTS.length - 1 && roll >= (TAG_WEIGHTS[index] ?? 0)) roll -= TAG_WEIGHTS[index++] ?? 0;
    if (!picked.includes(index)) picked.push(index);
  }
  return picked;
}
