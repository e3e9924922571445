import { availableParallelism } from 'node:os';
import { DEFAULT_FREE_CHAPTERS, GENRE_TAGS, type Language } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { insertBook, insertChapter } from '../catalogue/catalogue-write.repository.js';
import type { MediaStorage } from '../media/media-storage.js';
import { chapterName, DEMO_AUTHORS, DEMO_BOOKS, isCompletedDemoBook, type DemoBook } from './demo-books.js';
import {
  pickArtStrips,
  storeArtStrip,
  storeCover,
  storeTitleStrip,
  type ImageTarget,
  type StoredCover,
  type StoredImage,
  type StoredImageRecord,
} from './demo-images.js';
import { demoNovelTexts } from './demo-novel-text.js';
import { findPresentBookUuids } from './demo.repository.js';
import { demoUuid, SEED_PREFIX } from './demo-uuid.js';

/**
 * Fills an empty catalogue with generated demo books, so a fresh install has something to read.
 * Deterministic: the same `now` gives the same uuids, titles, times and images.
 */

export interface SeedDemoDeps {
  db: Db;
  /** Each book's transaction goes through it and raises `book-changed`: running servers show the book once it is whole. */
  domainEvents: Pick<DomainEvents, 'transact' | 'raise'>;
  storage: MediaStorage;
  now?: number;
  log?: (message: string) => void;
  /** Stops the seed between books (Ctrl-C at the first start); the books written so far stay, whole. */
  signal?: AbortSignal;
  /** Called after each book is written (tests stop a seed part way through it). */
  onBookWritten?: (progress: SeedProgress) => void;
  /** How often progress is logged while the seed runs (default 4 s). */
  progressEveryMs?: number;
  /**
   * Images an earlier seed stored in the same `storage`, by their drawn pixels (demo-images.ts,
   * ImageTarget): those drawn again identically are not encoded again. Filled as this seed stores more.
   */
  storedImages?: StoredImageRecord;
}

export interface SeedDemoResult {
  /** Books of the demo catalogue, including those an interrupted earlier seed had written. */
  books: number;
  /** Books this run wrote; fewer than `books` when it finished an interrupted seed. */
  booksWritten: number;
  chapters: number;
  /** Pages of the chapters this run wrote. */
  pages: number;
  /** Images this run drew: covers, shared art strips and chapter openings. */
  images: number;
  ms: number;
}

export interface SeedProgress {
  books: number;
  booksTotal: number;
  chapters: number;
  chaptersTotal: number;
  images: number;
  imagesTotal: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ART_STRIPS_PER_BOOK = 4;

/** Kept here too: tests and the benchmark name the demo's books by it. */
export { demoUuid };

/**
 * Runs at most `limit` tasks at once; sharp works on the libuv pool, so this is what uses the cores.
 * After stop(), tasks still queued fail at once instead of drawing images nobody will insert.
 * `done` counts finished tasks (one image each), for the progress estimate.
 */
function createLimiter(limit: number) {
  let active = 0;
  let stopped = false;
  const counter = { done: 0 };
  const waiting: (() => void)[] = [];
  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    // A finishing task hands its slot straight to the next waiter, so the limit is never exceeded.
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      if (stopped) throw new Error('demo catalogue seeding stopped');
      const result = await task();
      counter.done++;
      return result;
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
  return Object.assign(run, { stop: () => void (stopped = true), counter });
}

type Limit = ReturnType<typeof createLimiter>;

/** The full chapter title as readers of that language expect it, e.g. "第7话 风暴之门". */
function chapterTitle(book: DemoBook, bookIndex: number, chapterNumber: number, language: Language): string {
  const name = chapterName(bookIndex, chapterNumber, language);
  switch (language) {
    case 'zh-cn':
      return `第${chapterNumber}${book.book_type === 'novel' ? '章' : '话'} ${name}`;
    case 'fr-fr':
      return `Chapitre ${chapterNumber} : ${name}`;
    case 'es-es':
      return `Capítulo ${chapterNumber}: ${name}`;
    case 'ar-sa':
      return `الفصل ${chapterNumber}: ${name}`;
    default:
      return `Chapter ${chapterNumber}: ${name}`;
  }
}

/** Languages the book has text in, original first. */
function bookLanguages(book: DemoBook): Language[] {
  const others = (Object.keys(book.text) as Language[]).filter((language) => language !== book.original_language);
  return [book.original_language, ...others];
}

/** Chapter k appears `cadence_days` after chapter k-1; a few hours of jitter keeps the times human. */
function chapterCreatedAt(book: DemoBook, number: number, now: number): number {
  const newest = now - book.updated_ago;
  if (number === book.chapter_count) return newest;
  const jitter = ((number * 7919) % 600) * 60_000;
  return newest - (book.chapter_count - number) * book.cadence_days * DAY + jitter;
}

/** Splits the book's likes over its first and newest chapters, so the counters add up. */
function chapterLikes(book: DemoBook, number: number): number {
  const first = Math.ceil(book.total_likes / 2);
  if (number === 1) return book.chapter_count === 1 ? book.total_likes : first;
  return number === book.chapter_count ? book.total_likes - first : 0;
}

interface PreparedChapter {
  uuid: string;
  number: number;
  pages: StoredImage[];
}

interface PreparedBook {
  uuid: string;
  cover: StoredCover;
  chapters: PreparedChapter[];
}

async function prepareBook(book: DemoBook, index: number, target: ImageTarget, limit: Limit): Promise<PreparedBook> {
  const uuid = demoUuid(String(index));
  const seed = `${SEED_PREFIX}/${index}`;
  const language = book.original_language;
  const title = book.text['en-us'][0];
  const cover = limit(() =>
    storeCover(target, {
      bookUuid: uuid,
      title,
      caption: book.tags.map((tag) => GENRE_TAGS[tag]).join(' · '),
      badge: book.book_type.toUpperCase(),
      seed,
    }),
  );
  // A novel chapter is text (demo-novel-text.ts) with its opening strip as the one illustration:
  // no shared comic art is drawn for novels.
  const artStrips =
    book.book_type === 'novel'
      ? []
      : Array.from({ length: ART_STRIPS_PER_BOOK }, (_, artIndex) =>
          limit(() => storeArtStrip(target, { bookUuid: uuid, language, index: artIndex, seed })),
        );
  // Chapters await these only after their own strip is drawn; until then a failure must not count as unhandled.
  for (const strip of artStrips) strip.catch(() => {});
  const chapters = Array.from({ length: book.chapter_count }, async (_, i): Promise<PreparedChapter> => {
    const number = i + 1;
    const chapterUuid = demoUuid(`${index}/${number}`);
    const opening = await limit(() =>
      storeTitleStrip(target, {
        bookUuid: uuid,
        chapterUuid,
        language,
        bookTitle: title,
        chapterNumber: number,
        chapterName: chapterName(index, number, 'en-us'),
        seed,
      }),
    );
    const shared = await Promise.all(pickArtStrips(seed, number, artStrips));
    return { uuid: chapterUuid, number, pages: [...opening, ...shared.flat()] };
  });
  // Every art strip too, picked by a chapter or not: the book is prepared only when all its images
  // are stored, so the seed never returns with a store still writing behind it (the determinism
  // test counted an unpicked strip that was still being drawn: 905 of 906).
  const [coverImage, preparedChapters] = await Promise.all([cover, Promise.all(chapters), Promise.all(artStrips)]);
  return { uuid, cover: coverImage, chapters: preparedChapters };
}

/** One transaction per book, so a crash mid-seed never leaves a book without its chapters. */
async function insertPreparedBook(
  domainEvents: Pick<DomainEvents, 'transact' | 'raise'>,
  book: DemoBook,
  index: number,
  prepared: PreparedBook,
  now: number,
): Promise<number> {
  const languages = bookLanguages(book);
  let pages = 0;
  await domainEvents.transact(async (trx) => {
    const { id } = await insertBook(trx, {
      uuid: prepared.uuid,
      book_type: book.book_type,
      original_language: book.original_language,
      cover_key: prepared.cover.cover_key,
      cover_variants: prepared.cover.cover_variants,
      public_free_chapters: book.public_free_chapters ?? DEFAULT_FREE_CHAPTERS,
      recommendation_rank: book.recommendation_rank ?? null,
      total_likes: book.total_likes,
      popularity: book.popularity,
      // Just before the first chapter; insertChapter moves updated_at forward to the newest chapter.
      created_at: chapterCreatedAt(book, 1, now) - HOUR,
      translations: languages.map((language) => {
        const [title, introduction] = book.text[language]!;
        return { language, title, introduction };
      }),
      tags: [...book.tags],
      alternate_titles: book.alternate_titles ?? [],
      author: DEMO_AUTHORS[index] ?? null,
      status: isCompletedDemoBook(book) ? 'completed' : 'ongoing',
      ...(book.content_rating ? { content_rating: book.content_rating } : {}),
      ...(book.content_descriptors ? { content_descriptors: book.content_descriptors } : {}),
    });
    for (const chapter of prepared.chapters) {
      await insertChapter(trx, {
        uuid: chapter.uuid,
        book_id: id,
        number: chapter.number,
        total_likes: chapterLikes(book, chapter.number),
        created_at: chapterCreatedAt(book, chapter.number, now),
        translations: languages.map((language) => ({ language, title: chapterTitle(book, index, chapter.number, language) })),
        pages: chapter.pages.map((page) => ({ ...page, language: book.original_language })),
        texts: demoNovelTexts(book, index, chapter.number, languages),
      });
      pages += chapter.pages.length;
    }
    await domainEvents.raise(trx, { type: 'book-changed', bookId: id });
  });
  return pages;
}

/** Images a book needs: its cover, the shared art strips of a comic, one opening strip per chapter. */
function imagesOf(book: DemoBook): number {
  return 1 + (book.book_type === 'novel' ? 0 : ART_STRIPS_PER_BOOK) + book.chapter_count;
}

/** "about 1 min 20 s left" from the images drawn so far; the inserts are a small share of the time. */
function timeLeft(elapsedMs: number, done: number, total: number): string {
  if (done === 0) return 'estimating the time left';
  const seconds = Math.max(1, Math.round(((elapsedMs / done) * (total - done)) / 1000));
  return seconds >= 60 ? `about ${Math.floor(seconds / 60)} min ${seconds % 60} s left` : `about ${seconds} s left`;
}

/**
 * Writes the demo catalogue's books, one transaction each. Books already there (by their fixed
 * uuids: an earlier seed that was stopped part way) are kept and not drawn again, so calling it
 * again with the same `now` finishes the catalogue exactly as one uninterrupted run writes it.
 * Callers decide whether to seed at all (demo-seed.ts).
 */
export async function seedDemoCatalogue(deps: SeedDemoDeps): Promise<SeedDemoResult> {
  const started = performance.now();
  const now = deps.now ?? Date.now();
  const log = deps.log ?? (() => {});
  deps.signal?.throwIfAborted();
  const uuids = DEMO_BOOKS.map((_, index) => demoUuid(String(index)));
  const present = await findPresentBookUuids(deps.db, uuids);
  const missing = [...DEMO_BOOKS.entries()].filter(([index]) => !present.has(uuids[index]!));
  const progress: SeedProgress = {
    books: DEMO_BOOKS.length - missing.length,
    booksTotal: DEMO_BOOKS.length,
    chapters: DEMO_BOOKS.filter((_, index) => present.has(uuids[index]!)).reduce((sum, book) => sum + book.chapter_count, 0),
    chaptersTotal: DEMO_BOOKS.reduce((sum, book) => sum + book.chapter_count, 0),
    images: 0,
    imagesTotal: missing.reduce((sum, [, book]) => sum + imagesOf(book), 0),
  };
  if (present.size > 0)
    log(`demo catalogue: ${present.size} of ${DEMO_BOOKS.length} books were written by an earlier start; writing the rest`);

  // One more task than cores keeps the CPUs busy while JavaScript builds the next SVG.
  const limit = createLimiter(Math.min(4, availableParallelism() + 1));
  const stop = () => limit.stop();
  deps.signal?.addEventListener('abort', stop);
  // A first start takes a minute or more on small machines: say how far it is, often enough that
  // it never looks stuck (the issue asks for at least every 5 s).
  const ticker = setInterval(() => {
    progress.images = limit.counter.done;
    log(
      `demo catalogue: ${progress.books}/${progress.booksTotal} books, ${progress.chapters}/${progress.chaptersTotal} chapters written, ` +
        `${progress.images}/${progress.imagesTotal} images drawn; ${timeLeft(performance.now() - started, progress.images, progress.imagesTotal)}`,
    );
  }, deps.progressEveryMs ?? 4_000);
  // Every missing book's images are queued at once, in book order, so drawing never waits for inserts.
  const target: ImageTarget = { storage: deps.storage, stored: deps.storedImages };
  const preparing = missing.map(([index, book]) => prepareBook(book, index, target, limit));
  // Unobserved rejections of later books would crash the process if an earlier one throws first.
  for (const promise of preparing) promise.catch(() => {});
  let pages = 0;
  try {
    for (const [position, [index, book]] of missing.entries()) {
      const prepared = await preparing[position]!;
      deps.signal?.throwIfAborted();
      pages += await insertPreparedBook(deps.domainEvents, book, index, prepared, now);
      progress.books += 1;
      progress.chapters += book.chapter_count;
      progress.images = limit.counter.done;
      deps.onBookWritten?.({ ...progress });
    }
  } catch (error) {
    limit.stop();
    // Images already being drawn finish before the seed returns: its caller then releases sharp's
    // cache and the process may exit, and no store may still be writing behind it (a book written
    // before the stop can have an art strip no chapter awaited still in flight).
    await Promise.allSettled(preparing);
    throw error;
  } finally {
    clearInterval(ticker);
    deps.signal?.removeEventListener('abort', stop);
  }
  return {
    books: DEMO_BOOKS.length,
    booksWritten: missing.length,
    chapters: progress.chaptersTotal,
    pages,
    images: progress.imagesTotal,
    ms: Math.round(performance.now() - started),
  };
}
