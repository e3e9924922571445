import { Type, type Static } from 'typebox';
import { BOOK_PAGE_SIZE_DEFAULT, BOOK_PAGE_SIZE_MAX, CHAPTER_PAGE_SIZE_MAX } from '../constants.js';
import { ClosedObject, Data, LanguageParam, Nullable, PlainText, Result, Timestamp, Uuid } from './common.js';
import { BookReading } from './reading-modes.js';
import { BookCreator, NextRelease } from './book-credits.js';
import { ContentDescriptors, ContentRating, contentRatingFields } from './content-rating.js';

/** Generous but finite, so a page number can never overflow a query. */
const PAGE_MAX = 1_000_000;

export const BookType = Type.Union([Type.Literal('comic'), Type.Literal('novel')]);
export type BookType = Static<typeof BookType>;

export const BookSearchQuery = Type.Object({
  language: Type.Optional(LanguageParam),
  page: Type.Integer({ minimum: 0, maximum: PAGE_MAX, default: 0 }),
  page_size: Type.Integer({ minimum: 1, maximum: BOOK_PAGE_SIZE_MAX, default: BOOK_PAGE_SIZE_DEFAULT }),
  order_by: Type.Optional(
    Type.Union([Type.Literal('updated_at'), Type.Literal('popularity'), Type.Literal('relevance'), Type.Literal('rating')], {
      description:
        'Default: relevance when q is given (ext), else updated_at. relevance without q sorts as updated_at. Ext rating: top rated (Bayesian average, then popularity; rated books first; 404 when COMMUNITY=off).',
    }),
  ),
  tag: Type.Optional(PlainText({ maxLength: 64 })),
  q: Type.Optional(
    PlainText({
      maxLength: 100,
      description:
        'Search (ext: titles in every language, authors, tags and introductions; case, accents, Traditional/Simplified Chinese, pinyin and typos folded; docs/SEARCH.md)',
    }),
  ),
  book_type: Type.Optional(Type.Union([Type.Literal('comic'), Type.Literal('novel')], { description: 'Only comics or only novels' })),
  // Ext filters, combinable with each other, with `tag` and with `q`.
  tags: Type.Optional(PlainText({ maxLength: 400, description: 'Ext: tags the book must all have, comma-separated (at most 10)' })),
  exclude_tags: Type.Optional(PlainText({ maxLength: 400, description: 'Ext: tags the book must not have, comma-separated (at most 10)' })),
  descriptors: Type.Optional(
    PlainText({
      maxLength: 200,
      description: 'Ext (issue 61): content descriptors the book must all have, comma-separated (CONTENT_DESCRIPTORS)',
    }),
  ),
  exclude_descriptors: Type.Optional(
    PlainText({
      maxLength: 200,
      description: 'Ext (issue 61): content descriptors the book must not have, comma-separated (CONTENT_DESCRIPTORS)',
    }),
  ),
  status: Type.Optional(
    Type.Union([Type.Literal('ongoing'), Type.Literal('completed')], { description: 'Ext: only ongoing or only completed books' }),
  ),
  has_free: Type.Optional(Type.Boolean({ description: 'Ext: true, only books with free chapters; false, only books without' })),
});
export type BookSearchQuery = Static<typeof BookSearchQuery>;

/** Ext: what the header suggests as the reader types (GET /comics/book/suggest). */
export const BookSuggestQuery = ClosedObject({
  language: Type.Optional(LanguageParam),
  q: Type.Optional(
    PlainText({
      maxLength: 100,
      description: 'What the reader has typed so far; read as the search reads q (docs/SEARCH.md). Empty: empty lists.',
    }),
  ),
});
export type BookSuggestQuery = Static<typeof BookSuggestQuery>;
/** At most this many books, authors and tags in a suggestion answer. */
export const SUGGEST_LIMITS = { books: 6, authors: 3, tags: 3 } as const;

/** At most this many tags in `tags` or `exclude_tags` (more are refused). */
export const TAG_FILTER_MAX = 10;

const TagOrNull = Nullable(Type.String());
/** Cover sizes for `<img srcset>`; null when the cover has a single size. */
const CoverSrcset = Type.Optional(
  Nullable(Type.String({ description: 'The cover in several widths, as an HTML srcset: "/media/covers/…-240.webp 240w, …"' })),
);
/** What a book's card starts with, in the lists and among the recommendations. */
const cardFields = () => ({
  book_uuid: Uuid(),
  book_title: Type.String(),
  cover_image: Nullable(Type.String()),
  cover_srcset: CoverSrcset,
  tag1: TagOrNull,
  tag2: TagOrNull,
});

/** Ext fields of the community (issue 31; absent when COMMUNITY=off): a book's rating, on its card and its page. */
const ratingFields = () => ({
  rating_average: Type.Optional(
    Nullable(
      Type.Number({
        description:
          'Ext: the Bayesian average rating (docs/COMMUNITY.md), 1 to 10, one decimal; null until the book has 5 ratings (RATING_CARD_MIN_COUNT)',
      }),
    ),
  ),
  rating_count: Type.Optional(Type.Integer({ description: 'Ext: how many readers rated the book' })),
});

export const BookSummary = Type.Object({
  ...cardFields(),
  tag3: TagOrNull,
  chapter_number: Type.Integer({ description: 'Count of published chapters' }),
  total_likes: Type.Integer(),
  updated_at: Timestamp(),
  public_free_chapters: Type.Integer(),
  book_type: BookType,
  // Ext field: what a "New series" label is true of (a book can be short and still two years old).
  first_chapter_at: Type.Optional(Nullable(Timestamp("When the book's first published chapter came out; null when none has"))),
  ...ratingFields(),
  ...contentRatingFields(),
  // Ext field of a search (`q`): where the query's words are in book_title, for highlighting.
  title_highlights: Type.Optional(
    Nullable(
      // Pairs as arrays of two (not tuples): the OpenAPI types the web app is checked against have no tuples.
      Type.Array(Type.Array(Type.Integer({ minimum: 0 }), { minItems: 2, maxItems: 2 }), {
        description:
          'Ext, with q only: the matched words of book_title as [start, end) UTF-16 offsets, in order and apart; null or absent without q',
      }),
    ),
  ),
});
export type BookSummary = Static<typeof BookSummary>;
export const BookSearchResult = Type.Object({
  result: Type.Array(BookSummary),
  total: Type.Integer(),
  did_you_mean: Type.Optional(
    Nullable(
      Type.String({
        description: 'Ext, with q only: when q finds nothing, a corrected query that finds books (each word its nearest known term)',
      }),
    ),
  ),
});
export type BookSearchResult = Static<typeof BookSearchResult>;
export const BookSearchResponse = Data(BookSearchResult);

export const SuggestedBook = Type.Object({
  book_uuid: Uuid(),
  book_title: Type.String({ description: 'In the language asked for, with the same fallback as the search' }),
  author: Nullable(Type.String()),
  cover_image: Nullable(Type.String()),
  cover_srcset: CoverSrcset,
  book_type: BookType,
  cover_blurred: contentRatingFields().cover_blurred,
});
export type SuggestedBook = Static<typeof SuggestedBook>;
export const BookSuggestions = Type.Object({
  books: Type.Array(SuggestedBook, { maxItems: SUGGEST_LIMITS.books, description: 'Best matches first, as the search ranks them' }),
  authors: Type.Array(Type.String(), {
    maxItems: SUGGEST_LIMITS.authors,
    description: 'Authors of published books whose names match, best first',
  }),
  tags: Type.Array(Type.String(), {
    maxItems: SUGGEST_LIMITS.tags,
    description: 'Tags whose name in any of the five languages matches, as stored (the web app translates them)',
  }),
});
export type BookSuggestions = Static<typeof BookSuggestions>;
export const BookSuggestResponse = Data(BookSuggestions);

export const TagsResponse = Result(Type.Array(Type.String()));

export const RecommendationQuery = Type.Object({ language: Type.Optional(LanguageParam) });
export const RecommendedBook = Type.Object({
  ...cardFields(),
  chapterNumber: Type.Integer({ description: 'Count of published chapters (camelCase by contract)' }),
  public_free_chapters: Type.Integer(),
});
export type RecommendedBook = Static<typeof RecommendedBook>;
export const RecommendationResponse = Result(Type.Array(RecommendedBook));

export const ChapterListParams = Type.Object({
  bookId: Uuid(),
  language: LanguageParam,
  direction: Type.Union([Type.Literal('asc'), Type.Literal('desc')]),
  page: Type.Integer({ minimum: 0, maximum: PAGE_MAX }),
  pageSize: Type.Integer({ minimum: 1, maximum: CHAPTER_PAGE_SIZE_MAX }),
});
export type ChapterListParams = Static<typeof ChapterListParams>;
export const ChapterItem = Type.Object({
  chapter_uuid: Uuid(),
  chapter_number: Type.Integer(),
  title: Type.String(),
  cover_image: Nullable(Type.String()),
  created_at: Timestamp(),
  is_free: Type.Boolean(),
  early_access_until: Type.Optional(
    Timestamp('Ext (issue 42): in early access until then (coin unlocks, and members where the book says so); absent otherwise'),
  ),
  comments_count: Type.Optional(
    Type.Integer({
      description:
        'Ext: comments readers can reach under the chapter: visible top-level comments and the visible replies under them or under a deleted one (absent with COMMUNITY=off)',
    }),
  ),
});
export type ChapterItem = Static<typeof ChapterItem>;
export const BookChapters = Type.Object({
  book_uuid: Uuid(),
  book_title: Type.String(),
  book_introduction: Type.String(),
  book_tags: Type.Array(Type.String()),
  book_type: BookType,
  cover_image: Nullable(Type.String()),
  cover_srcset: CoverSrcset,
  public_free_chapters: Type.Integer(),
  total_chapters: Type.Integer(),
  author: Nullable(Type.String({ description: 'Who wrote or drew the book; null when unknown' })),
  status: Type.Union([Type.Literal('ongoing'), Type.Literal('completed')], { description: 'Whether new chapters are still coming' }),
  total_likes: Type.Integer({ description: "Likes of all the book's chapters" }),
  alternate_titles: Type.Array(Type.Object({ title: Type.String(), language: Nullable(Type.String({ description: 'A BCP 47 tag' })) }), {
    description: 'Ext: other names readers know the book by ("also known as"), in order; empty when none',
  }),
  ...ratingFields(),
  content_rating: Type.Optional(ContentRating),
  content_descriptors: Type.Optional(ContentDescriptors),
  reading: BookReading,
  creators: Type.Array(BookCreator, {
    description: 'Ext (issue 46): the people credited, authors first then artists, each linking to /author/{slug}',
  }),
  next_release: Type.Union([NextRelease, Type.Null()], {
    description: 'Ext (issue 46): when the next chapter is due; null when the book is completed or nothing is known',
  }),
  chapters: Type.Array(ChapterItem),
});
export type BookChapters = Static<typeof BookChapters>;
export const ChapterListResponse = Result(BookChapters);
