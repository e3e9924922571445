import { createHash } from 'node:crypto';
import { mayOpen, type Audience } from '../access/content-rating.js';
import { ErrorCode, type Language } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../http/request-user.js';
import { notFound } from '../../lib/app-error.js';
import { pickTranslatedField, pickTranslation } from '../../lib/language.js';
import { toIso } from '../../lib/time.js';
import * as catalogueRepo from '../catalogue/catalogue.repository.js';
import type { CatalogueVersion } from '../catalogue/catalogue-version.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { createVersionedMemo } from '../catalogue/versioned-memo.js';
import { coverSrcset } from '../catalogue/cover-srcset.js';
import type { FollowsService } from '../library/follows.service.js';
import type { ProgressService } from '../library/progress.service.js';
import { userReaderKey } from '../library/reader-key.js';
import type { MediaUrls } from '../media/media-urls.js';
import type { AccessService } from '../access/access.service.js';
import { mayRead, type ChapterAccess } from '../access/chapter-access.js';
import type { FeedBook, FeedChapter } from './opds-feeds.js';
import * as repo from './opds.repository.js';

/** Books per feed page (the issue: a catalogue of 1,000 books pages rather than one feed). */
export const FEED_BOOKS_PER_PAGE = 50;
/** Chapters per page of a book feed (the catalogue's chapter page maximum). */
export const FEED_CHAPTERS_PER_PAGE = 100;
/** "Continue reading" lists the most recent books only, as on the site (CONTINUE_READING_MAX). */
export const FEED_CONTINUE_MAX = 50;

/**
 * How long a book feed's shared part is kept while the catalogue version does not change: only
 * what the version does not cover could be older (nothing the feed shows, today).
 */
const BOOK_PAGE_TTL_MS = 300_000;

/** A book feed page's part that is the same for every reader (bookPage). */
interface BookPageData {
  bookId: number;
  entry: FeedBook;
  chapters: (Omit<FeedChapter, 'readable' | 'pageCount' | 'lastRead'> & { pageCount: number })[];
  /** The book's count of free chapters: the access rule's term for every chapter of the page. */
  publicFreeChapters: number;
  total: number;
  digest: string;
}

export type BookListKind = 'new' | 'popular' | 'tag' | 'search';

export interface BookPage {
  books: FeedBook[];
  /** Books in the whole list (all pages). */
  total: number;
}

/**
 * What the OPDS feeds list (docs/OPDS.md "Feeds"). Which books and in what order is decided by
 * the services the site uses (catalogue search and ranking, follows, continue reading), and
 * whether a chapter can be read by the access rule (modules/access); this service only reads the
 * fields a feed entry shows for the page of books it was given.
 */
export function createOpdsService(deps: {
  db: Db;
  catalogue: CatalogueService;
  follows: FollowsService;
  progress: ProgressService;
  access: Pick<AccessService, 'chaptersAccess'>;
  media: MediaUrls;
  versions: Pick<CatalogueVersion, 'get' | 'peek' | 'subscribe'>;
}) {
  const { db, catalogue, follows, progress, access, media, versions } = deps;

  /**
   * Feed entries of some books, in the order given; books unpublished since, and books `audience`
   * may not open (the content rating rule: apps show no blurred card), are left out.
   */
  async function feedBooks(uuids: readonly string[], language: Language, audience: Audience): Promise<FeedBook[]> {
    const rows = (await repo.findFeedBooks(db, uuids)).filter((row) => mayOpen(audience, row.content_rating));
    const ids = rows.map((row) => row.id);
    const [translations, tags] = await Promise.all([
      catalogueRepo.findBookTranslations(db, ids),
      catalogueRepo.findTagNamesByBook(db, ids),
    ]);
    const byUuid = new Map(rows.map((row) => [row.uuid, row]));
    return uuids.flatMap((uuid) => {
      const book = byUuid.get(uuid);
      if (!book) return [];
      const own = translations.filter((row) => row.book_id === book.id);
      // The smallest stored size is the thumbnail; the full cover when there are no sizes.
      const smallest = coverSrcset(book.cover_variants, media.publicUrl)?.split(', ')[0]?.split(' ')[0] ?? null;
      const cover = book.cover_key ? media.publicUrl(book.cover_key) : null;
      return [
        {
          uuid: book.uuid,
          title: pickTranslation(own, language, book.original_language)?.title ?? '',
          author: book.author,
          summary: pickTranslatedField(own, language, book.original_language, (row) => row.introduction),
          tags: tags.get(book.id) ?? [],
          updated: toIso(Number(book.updated_at)),
          cover,
          thumbnail: smallest ?? cover,
          bookType: book.book_type,
          originalLanguage: book.original_language,
          direction: book.reading_direction,
        },
      ];
    });
  }

  /** New, popular, one tag's books, or a search: the site's own book search and orders. */
  async function bookList(
    kind: BookListKind,
    options: { page: number; pageSize: number; language: Language; tag?: string; q?: string; audience: Audience },
  ): Promise<BookPage> {
    const found = await catalogue.searchBooks(
      {
        language: options.language,
        page: options.page,
        page_size: options.pageSize,
        ...(kind === 'popular' ? { order_by: 'popularity' as const } : {}),
        ...(kind === 'new' || kind === 'tag' ? { order_by: 'updated_at' as const } : {}),
        ...(kind === 'tag' ? { tag: options.tag } : {}),
        ...(kind === 'search' ? { q: options.q } : {}),
      },
      options.audience,
    );
    return {
      books: await feedBooks(
        found.result.map((book) => book.book_uuid),
        options.language,
        options.audience,
      ),
      total: found.total,
    };
  }

  /** The reader's followed books (their library on the site), one page of them. */
  async function library(
    userId: number,
    options: { page: number; pageSize: number; language: Language; audience: Audience },
  ): Promise<BookPage> {
    const items = await follows.library(userId, options.language);
    const start = options.page * options.pageSize;
    const uuids = items.slice(start, start + options.pageSize).map((item) => item.book_uuid);
    return { books: await feedBooks(uuids, options.language, options.audience), total: items.length };
  }

  /** The books the reader read last, most recent first (the site's "Continue reading"). */
  async function continueReading(userId: number, language: Language, audience: Audience): Promise<BookPage> {
    const items = await progress.continueReading({ limit: FEED_CONTINUE_MAX, language }, userReaderKey(userId));
    const books = await feedBooks(
      items.map((item) => item.book_uuid),
      language,
      audience,
    );
    return { books, total: books.length };
  }

  /**
   * What a book feed page shows the same to every reader (the book's entry, the page of chapters
   * and their page counts), kept per catalogue version (every change to titles, chapters, pages or
   * publication bumps it): a feed page then reads only the reader's entitlement and place.
   */
  const bookPages = createVersionedMemo<BookPageData>({
    versions,
    ttlMs: BOOK_PAGE_TTL_MS,
    sizeOf: (data) => 1_024 + data.chapters.length * 512,
  });

  function bookPage(
    bookUuid: string,
    options: { page: number; pageSize: number; language: Language; audience: Audience },
  ): Promise<BookPageData> {
    const key = `${bookUuid}\n${options.language}\n${options.page}\n${options.pageSize}\n${options.audience.key}`;
    return bookPages.get(key, async () => {
      const [[entry], [row]] = await Promise.all([
        feedBooks([bookUuid], options.language, options.audience),
        repo.findFeedBooks(db, [bookUuid]),
      ]);
      if (!entry || !row) throw notFound(ErrorCode.BOOK_NOT_FOUND, 'This book does not exist');
      const list = await catalogue.chapterList(
        {
          bookId: bookUuid,
          language: options.language,
          direction: 'asc',
          page: options.page,
          pageSize: options.pageSize,
        },
        options.audience,
      );
      const counts =
        entry.bookType === 'comic'
          ? await repo.countChapterPages(
              db,
              list.chapters.map((chapter) => chapter.chapter_uuid),
            )
          : [];
      const pageCounts = pageCountsFor(counts, options.language, entry.originalLanguage);
      const chapters = list.chapters.map((chapter) => ({
        uuid: chapter.chapter_uuid,
        number: chapter.chapter_number,
        title: chapter.title,
        updated: chapter.created_at,
        free: chapter.is_free,
        pageCount: pageCounts.get(chapter.chapter_uuid) ?? 0,
      }));
      const digest = createHash('sha256')
        .update(JSON.stringify([entry, chapters, list.total_chapters]))
        .digest('base64url');
      return { bookId: row.id, entry, chapters, publicFreeChapters: list.public_free_chapters, total: list.total_chapters, digest };
    });
  }

  /**
   * A book and one page of its chapters, each marked readable or locked for `user` at this moment.
   * Each chapter's access is the access rule's (modules/access), asked once for the page: one read
   * of the reader's membership and per-chapter grants. `stateKey` names
   * everything the feed page shows (the shared part's digest and each chapter's state for `user`):
   * readers with the same one see the same feed.
   */
  async function book(
    bookUuid: string,
    user: AuthUser,
    options: { page: number; pageSize: number; language: Language; audience: Audience },
  ): Promise<{ book: FeedBook; chapters: FeedChapter[]; total: number; stateKey: string }> {
    const data = await bookPage(bookUuid, options);
    const paid = data.chapters.filter((chapter) => !chapter.free);
    const isComic = data.entry.bookType === 'comic';
    const [paidAccess, position] = await Promise.all([
      paid.length > 0 ? access.chaptersAccess(user, paid) : new Map<string, ChapterAccess>(),
      isComic ? progress.resumePlace(data.bookId, userReaderKey(user.id)) : null,
    ]);
    const chapters = data.chapters.map(({ pageCount: stored, ...chapter }): FeedChapter => {
      const paidRead = paidAccess.get(chapter.uuid);
      const readable = chapter.free || (paidRead !== undefined && mayRead(paidRead));
      const pageCount = readable ? stored : 0;
      // The site stores the page index from 0 (ProgressBody.page_index), as OPDS-PSE numbers
      // pages: pse:lastRead is that index as it is, with no shift either way.
      const lastRead =
        pageCount > 0 && position?.chapter_uuid === chapter.uuid && position.page_index !== null
          ? { page: Math.min(position.page_index, pageCount - 1), date: position.updated_at }
          : undefined;
      return { ...chapter, readable, ...(pageCount > 0 ? { pageCount } : {}), ...(lastRead ? { lastRead } : {}) };
    });
    const states = chapters.map((chapter) =>
      chapter.readable ? `${chapter.pageCount ?? ''}:${chapter.lastRead ? `${chapter.lastRead.page}@${chapter.lastRead.date}` : ''}` : '-',
    );
    return { book: data.entry, chapters, total: data.total, stateKey: `${data.digest}\n${states.join(',')}` };
  }

  /** Tags of published books, most used first (the site's tag list). */
  const tags = () => catalogue.tags();

  /** When the catalogue last changed (the newest book's update): the navigation feeds' `updated`. */
  async function catalogueUpdated(audience: Audience): Promise<string> {
    const found = await catalogue.searchBooks({ page: 0, page_size: 1, order_by: 'updated_at' }, audience);
    return found.result[0]?.updated_at ?? toIso(0);
  }

  return { bookList, library, continueReading, book, tags, catalogueUpdated };
}

/**
 * Each chapter's page count in the edition the reading module serves (shared-chapter.ts): the
 * reader's language when it exists, else the original, else any edition.
 */
function pageCountsFor(
  rows: readonly { chapter_uuid: string; language: string; pages: number | string | bigint }[],
  language: string,
  original: string,
): Map<string, number> {
  const byChapter = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const editions = byChapter.get(row.chapter_uuid) ?? new Map<string, number>();
    editions.set(row.language, Number(row.pages));
    byChapter.set(row.chapter_uuid, editions);
  }
  const counts = new Map<string, number>();
  for (const [uuid, editions] of byChapter) {
    const first = [...editions.keys()].sort()[0];
    const chosen = editions.has(language) ? language : editions.has(original) ? original : first;
    counts.set(uuid, chosen === undefined ? 0 : (editions.get(chosen) ?? 0));
  }
  return counts;
}

export type OpdsService = ReturnType<typeof createOpdsService>;
