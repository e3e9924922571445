import {
  CONTENT_DESCRIPTORS,
  ErrorCode,
  RECOMMENDATION_LIMIT,
  TAG_FILTER_MAX,
  type BookChapters,
  type BookSummary,
  SUGGEST_LIMITS,
  type BookSearchQuery,
  type BookSearchResult,
  type BookSuggestQuery,
  type BookSuggestions,
  type ChapterListParams,
  type RecommendedBook,
} from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { pickTranslatedField, pickTranslation, resolveLanguage } from '../../lib/language.js';
import { toIso } from '../../lib/time.js';
import type { MediaUrls } from '../media/media-urls.js';
import * as repo from './catalogue.repository.js';
import { coverSrcset } from './cover-srcset.js';
import type { BookSearch } from '../search/book-search.js';
import { titleHighlighter } from '../search/title-highlights.js';
import type { BookCards } from './book-cards.js';
import type { BookFilter, RankingSnapshot } from './ranking-snapshot.js';
import type { RatingPrior } from './rating-prior.js';
import { createBookSummaries, ratingFieldsOf } from './book-summaries.js';
import { isInEarlyAccess, isOpenToEveryone } from '../access/chapter-access.js';
import { findCreatorsOfBooks } from './creators.repository.js';
import { findNextScheduledRelease } from './schedule.repository.js';
import { descriptorsOf, maskOfWords, openableRatings, ratingOf, verdictOf, type Audience } from '../access/content-rating.js';
import { refuseUnlessOpenable } from '../access/content-rating-refusal.js';
import { nextReleaseOf } from './schedule-next.js';

/** A listed chapter's `early_access_until`, present while the access rule says it is in early access at `at`. */
const earlyAccessFieldOf = (earlyAccessUntil: number | null, at: number): { early_access_until?: string } =>
  earlyAccessUntil !== null && isInEarlyAccess({ earlyAccessUntil }, at) ? { early_access_until: toIso(earlyAccessUntil) } : {};

type BookRow = Awaited<ReturnType<typeof repo.findBooksByIds>>[number];
type TranslationRow = Awaited<ReturnType<typeof repo.findBookTranslations>>[number];

export function createCatalogueService(deps: {
  db: Db;
  ranking: RankingSnapshot;
  search: BookSearch;
  media: MediaUrls;
  /** COMMUNITY=on: chapter lists carry each chapter's comment count (ext `comments_count`). */
  community?: boolean;
  /** The ratings' prior when the community is on (COMMUNITY=on): books carry rating_average and rating_count. */
  ratings?: RatingPrior | null;
  /** Book cards kept in memory (book-cards.ts): lists, searches and suggestions read them. */
  bookCards: BookCards;
  now?: () => number;
}) {
  const { db, ranking, search, media, bookCards } = deps;
  const now = deps.now ?? Date.now;
  const ratings = deps.ratings ?? null;
  const coverUrl = (key: string | null) => (key ? media.publicUrl(key) : null);
  const srcsetOf = (book: { cover_variants: string | null }) => coverSrcset(book.cover_variants, media.publicUrl);
  // The list's card, shared with the other lists of books (rankings, also read: book-summaries.ts).
  const summaries = createBookSummaries({ bookCards, media, ratings });

  async function translationsByBook(bookIds: number[]) {
    const byBook = new Map<number, TranslationRow[]>();
    for (const row of await repo.findBookTranslations(db, bookIds)) {
      const list = byBook.get(row.book_id) ?? [];
      list.push(row);
      byBook.set(row.book_id, list);
    }
    return byBook;
  }

  const ratingMean = () => (ratings ? ratings.mean() : Promise.resolve(null));

  const textOf = (book: BookRow, translations: Map<number, TranslationRow[]>, language: string) =>
    pickTranslation(translations.get(book.id) ?? [], language, book.original_language);

  /** A comma-separated list of content descriptors as a mask (content-rating.ts); an unknown word is refused. */
  function descriptorFilter(value: string | undefined, field: string): number | undefined {
    const words = tagList(value, field);
    if (!words) return undefined;
    const mask = maskOfWords(words);
    if (mask === null) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, 400, `${field} takes content descriptors: ${CONTENT_DESCRIPTORS.join(', ')}`, [
        { field, message: 'unknown content descriptor' },
      ]);
    }
    return mask;
  }

  /** A comma-separated tag list of the query, without blanks; more than TAG_FILTER_MAX is refused. */
  function tagList(value: string | undefined, field: string): string[] | undefined {
    const tags = value
      ?.split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== '');
    if (tags && tags.length > TAG_FILTER_MAX) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, 400, `At most ${TAG_FILTER_MAX} tags in ${field}`, [
        { field, message: `at most ${TAG_FILTER_MAX} tags` },
      ]);
    }
    return tags?.length ? tags : undefined;
  }

  async function searchBooks(query: BookSearchQuery, audience: Audience): Promise<BookSearchResult> {
    const language = resolveLanguage(query.language);
    // Top rated is a community sort: with COMMUNITY=off it does not exist.
    if (query.order_by === 'rating' && !ratings) throw notFound(ErrorCode.NOT_FOUND, 'No such sort: the community is switched off');
    const tag = query.tag?.trim() || undefined;
    const q = query.q?.trim() || undefined;
    // A search lists only what matched, best first unless the reader picked a sort.
    const matches = q === undefined ? undefined : await search.ids(q);
    const filters: BookFilter = {
      audience,
      includeDescriptors: descriptorFilter(query.descriptors, 'descriptors'),
      excludeDescriptors: descriptorFilter(query.exclude_descriptors, 'exclude_descriptors'),
      tag,
      tags: tagList(query.tags, 'tags'),
      excludeTags: tagList(query.exclude_tags, 'exclude_tags'),
      status: query.status,
      hasFree: query.has_free,
      bookType: query.book_type,
    };
    const ranked = await ranking.page({
      ...filters,
      order: query.order_by ?? (q === undefined ? 'updated_at' : 'relevance'),
      matches,
      page: query.page,
      pageSize: query.page_size,
    });
    const highlight = q === undefined ? null : titleHighlighter(q);
    const cards = await summaries.of(ranked.ids, (_, index) => ranked.tags[index] ?? [], language, audience);
    const result = cards.map(({ summary }) =>
      highlight === null ? summary : { ...summary, title_highlights: highlight(summary.book_title) },
    );
    if (q === undefined) return { result, total: ranked.total };
    return { result, total: ranked.total, did_you_mean: ranked.total === 0 ? await didYouMean(q, filters) : null };
  }

  /**
   * The book list's cards (BookSummary) of ranking-snapshot ids, by book id (books deleted since
   * the snapshot left out): the discovery lists that are not in ranking order (the calendar,
   * author pages) pick from it. The cards themselves are book-summaries.ts'.
   */
  async function summariesById(
    ranked: { ids: number[]; tags: string[][] },
    language: string,
    audience: Audience,
  ): Promise<Map<number, BookSummary>> {
    const cards = await summaries.of(ranked.ids, (_, index) => ranked.tags[index] ?? [], language, audience);
    return new Map(cards.map(({ id, summary }) => [id, summary]));
  }

  /** A corrected query for one that found nothing, when it finds books with the same filters too. */
  async function didYouMean(q: string, filters: BookFilter) {
    const suggestion = await search.didYouMean(q);
    if (suggestion === null) return null;
    const matches = await search.ids(suggestion);
    const found = await ranking.page({ ...filters, matches, order: 'relevance', page: 0, pageSize: 1 });
    return found.total > 0 ? suggestion : null;
  }

  /**
   * What the header suggests as the reader types: the first books the search would list (through
   * the ranking snapshot, so never a draft), and authors and tags from the search's own indexes.
   * Bounded: one index lookup, then a handful of rows by primary key.
   */
  async function suggest(query: BookSuggestQuery, audience: Audience): Promise<BookSuggestions> {
    const language = resolveLanguage(query.language);
    const q = query.q?.trim() ?? '';
    if (q === '') return { books: [], authors: [], tags: [] };
    const [matches, names] = await Promise.all([search.ids(q), search.names(q, SUGGEST_LIMITS.authors)]);
    const ranked = await ranking.page({
      audience,
      order: 'relevance',
      matches,
      page: 0,
      pageSize: SUGGEST_LIMITS.books,
    });
    const cards = await bookCards.get(ranked.ids);
    const books = ranked.ids.flatMap((id) => {
      const card = cards.get(id);
      if (!card) return []; // deleted since the snapshot was taken
      const { book } = card;
      // Which books is the snapshot's filter above; a card's cover follows the verdict (book-summaries.ts).
      const verdict = verdictOf(audience, book.content_rating);
      const locked = verdict === 'locked' || verdict === 'hidden';
      return [
        {
          book_uuid: book.uuid,
          book_title: pickTranslation(card.titles, language, book.original_language)?.title ?? '',
          author: book.author,
          cover_image: locked ? null : coverUrl(book.cover_key),
          cover_srcset: locked ? null : srcsetOf(book),
          book_type: book.book_type,
          ...(verdict === 'shown' ? {} : { cover_blurred: true }),
        },
      ];
    });
    return { books, authors: names.authors, tags: names.tags.slice(0, SUGGEST_LIMITS.tags) };
  }

  async function recommendations(rawLanguage: string | undefined, audience: Audience): Promise<RecommendedBook[]> {
    const language = resolveLanguage(rawLanguage);
    // The spec's shape has no place for a blurred card: recommendations are only books this audience may open.
    const rows = await repo.findRecommendedBooks(db, RECOMMENDATION_LIMIT, openableRatings(audience));
    const ids = rows.map((row) => row.id);
    const [translations, tags] = await Promise.all([translationsByBook(ids), repo.findTagNamesByBook(db, ids)]);
    return rows.map((book) => {
      const bookTags = tags.get(book.id) ?? [];
      return {
        book_uuid: book.uuid,
        book_title: textOf(book, translations, language)?.title ?? '',
        cover_image: coverUrl(book.cover_key),
        cover_srcset: srcsetOf(book),
        tag1: bookTags[0] ?? null,
        tag2: bookTags[1] ?? null,
        chapterNumber: book.chapter_count,
        public_free_chapters: book.public_free_chapters,
      };
    });
  }

  async function chapterList(params: ChapterListParams, audience: Audience): Promise<BookChapters> {
    const language = resolveLanguage(params.language);
    const book = await repo.findPublishedBookByUuid(db, params.bookId);
    if (!book) throw notFound(ErrorCode.BOOK_NOT_FOUND, 'This book does not exist');
    refuseUnlessOpenable(audience, book.content_rating);
    const at = now();
    const [translations, tags, alternates, chapters, mean, creators, nextScheduledAt] = await Promise.all([
      repo.findBookTranslations(db, [book.id]),
      repo.findTagNamesByBook(db, [book.id]),
      repo.findAlternateTitlesByBook(db, [book.id]),
      repo.findChapterPage(db, book.id, params.direction, params.page * params.pageSize, params.pageSize),
      ratingMean(),
      findCreatorsOfBooks(db, [book.id]),
      book.status === 'completed' ? Promise.resolve(null) : findNextScheduledRelease(db, book.id, at),
    ]);
    const chapterTitles = await repo.findChapterTranslations(
      db,
      chapters.map((c) => c.id),
    );
    const text = pickTranslation(translations, language, book.original_language);
    return {
      book_uuid: book.uuid,
      book_title: text?.title ?? '',
      book_introduction: pickTranslatedField(translations, language, book.original_language, (row) => row.introduction),
      book_tags: tags.get(book.id) ?? [],
      book_type: book.book_type,
      cover_image: coverUrl(book.cover_key),
      cover_srcset: srcsetOf(book),
      public_free_chapters: book.public_free_chapters,
      total_chapters: book.chapter_count,
      author: book.author,
      status: book.status,
      total_likes: book.total_likes,
      alternate_titles: alternates.get(book.id) ?? [],
      ...ratingFieldsOf(book, mean),
      content_rating: ratingOf(book.content_rating),
      content_descriptors: descriptorsOf(book.content_descriptors),
      reading: { direction: book.reading_direction, mode: book.reading_mode },
      creators: creators.map((creator) => ({ name: creator.name, slug: creator.slug, role: creator.role })),
      next_release: nextReleaseOf(book, nextScheduledAt, at),
      chapters: chapters.map((chapter) => ({
        chapter_uuid: chapter.uuid,
        chapter_number: chapter.number,
        title:
          pickTranslation(
            chapterTitles.filter((t) => t.chapter_id === chapter.id),
            language,
            book.original_language,
          )?.title ?? '',
        cover_image: coverUrl(chapter.cover_key ?? book.cover_key),
        created_at: toIso(chapter.created_at),
        is_free: isOpenToEveryone({ number: chapter.number, publicFreeChapters: book.public_free_chapters }),
        // Kept per catalogue version: the end of early access moves the version (coins/early-access.ts).
        ...earlyAccessFieldOf(chapter.early_access_until === null ? null : Number(chapter.early_access_until), at),
        ...(deps.community ? { comments_count: chapter.comments_count } : {}),
      })),
    };
  }

  return { searchBooks, suggest, tags: () => ranking.tagsByUse(), recommendations, chapterList, summariesById };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
