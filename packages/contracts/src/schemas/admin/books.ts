import { Type, type Static, type TSchema } from 'typebox';
import { ContentDescriptors, ContentRating } from '../content-rating.js';
import { GENRE_TAG_LIST } from '../../tags.js';
import { LANGUAGES } from '../../languages.js';
import { BOOK_ALTERNATE_TITLES_MAX, LANGUAGE_TAG_MAX } from '../../constants.js';
import { ClosedObject, Data, Nullable, PlainText, Timestamp, Uuid } from '../common.js';
import { BookReading } from '../reading-modes.js';
import { PublishingSchedule, PublishingScheduleBody } from '../book-credits.js';
import { AdminPageQuery, ConsoleLanguage, PagedData } from './common.js';

/** Books and chapters in the operator's console (`/api/v1/admin/books…`, `/admin/chapters…`). */

export const BOOK_TITLE_MAX = 200;
export const BOOK_INTRODUCTION_MAX = 5000;
export const BOOK_AUTHOR_MAX = 100;
export const BOOK_TAGS_MAX = 3;
export const FREE_CHAPTERS_MAX = 10_000;
export const RECOMMENDATIONS_MAX = 50;
export const CHAPTER_ORDER_MAX = 10_000;
export const ADMIN_BOOK_TYPES = ['comic', 'novel'] as const;
export const BOOK_STATUSES = ['ongoing', 'completed'] as const;

const Language = Type.Enum([...LANGUAGES]);
const BookType = Type.Enum([...ADMIN_BOOK_TYPES]);
const BookStatus = Type.Enum([...BOOK_STATUSES]);
const GenreTag = Type.Enum([...GENRE_TAG_LIST]);

/** Text of several lines: line breaks and tabs allowed, no other control character (no NUL). */
const MultiLineText = (options: { minLength?: number; maxLength: number }) =>
  Type.String({ ...options, pattern: '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$' });

/** A value per language, e.g. `{"en-us": "The Lotus", "zh-cn": "莲"}`; unknown languages are refused. */
const LanguageMap = <T extends TSchema>(value: T) =>
  ClosedObject(
    {
      'zh-cn': Type.Optional(value),
      'en-us': Type.Optional(value),
      'fr-fr': Type.Optional(value),
      'es-es': Type.Optional(value),
      'ar-sa': Type.Optional(value),
    },
    { minProperties: 1 },
  );
export type LanguageMap<T> = Partial<Record<(typeof LANGUAGES)[number], T>>;

const Title = PlainText({ minLength: 1, maxLength: BOOK_TITLE_MAX });
/**
 * Another name readers know the book by. Its language is any BCP 47 tag (`ja`, `zh-Latn-pinyin`),
 * not only the site's five; blank and repeated titles (trimmed, any case) are refused by the server.
 */
export const AlternateTitle = ClosedObject({
  title: PlainText({ minLength: 1, maxLength: BOOK_TITLE_MAX }),
  language: Type.Optional(
    Nullable(
      Type.String({
        maxLength: LANGUAGE_TAG_MAX,
        pattern: '^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$',
        description: 'A BCP 47 language tag, e.g. `zh-cn`, `ja`, `zh-Latn-pinyin`',
      }),
    ),
  ),
});
export type AlternateTitle = Static<typeof AlternateTitle>;
const AlternateTitles = Type.Array(AlternateTitle, {
  maxItems: BOOK_ALTERNATE_TITLES_MAX,
  description: 'Ext: other names of the book, searched as titles; the whole list (an empty one removes them all)',
});
const Introduction = MultiLineText({ maxLength: BOOK_INTRODUCTION_MAX });
const Tags = Type.Array(GenreTag, { maxItems: BOOK_TAGS_MAX, uniqueItems: true, description: 'Canonical Chinese genres, at most 3' });
const Author = Nullable(PlainText({ minLength: 1, maxLength: BOOK_AUTHOR_MAX }));
const FreeChapters = Type.Integer({ minimum: 0, maximum: FREE_CHAPTERS_MAX });
const StringMap = Type.Record(Type.String(), Type.String());

export const AdminBookParams = Type.Object({ bookUuid: Uuid() });
export const AdminChapterParams = Type.Object({ chapterUuid: Uuid() });

export const AdminBookListQuery = Type.Object(
  {
    ...AdminPageQuery,
    q: Type.Optional(
      PlainText({
        maxLength: 100,
        description: 'The site book search, drafts included: titles in every language, authors, tags, introductions; best match first',
      }),
    ),
    published: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('published'), Type.Literal('unpublished')], { default: 'all' })),
    book_type: Type.Optional(BookType),
    content_rating: Type.Optional(ContentRating),
    language: ConsoleLanguage,
  },
  { additionalProperties: false },
);
export type AdminBookListQuery = Static<typeof AdminBookListQuery>;

export const AdminBookItem = Type.Object({
  book_uuid: Uuid(),
  title: Type.String({ description: 'The title in `language` of the query (with the fallback), else in the original language' }),
  language: Type.String({ description: 'The language of `title`' }),
  book_type: BookType,
  author: Nullable(Type.String()),
  status: BookStatus,
  chapter_count: Type.Integer({ description: 'Published chapters' }),
  public_free_chapters: Type.Integer(),
  is_published: Type.Boolean(),
  import_pending: Type.Boolean(),
  recommendation_rank: Nullable(Type.Integer()),
  cover_image: Nullable(Type.String()),
  updated_at: Timestamp(),
  reading: BookReading,
  content_rating: ContentRating,
});
export type AdminBookItem = Static<typeof AdminBookItem>;
export const AdminBookListResponse = PagedData(AdminBookItem);

/** GET /admin/books/{book} and /admin/recommendations: the console's language for titles (ext). */
export const AdminTitleLanguageQuery = Type.Object({ language: ConsoleLanguage }, { additionalProperties: false });
export type AdminTitleLanguageQuery = Static<typeof AdminTitleLanguageQuery>;

export const AdminBookDetail = Type.Object({
  book_uuid: Uuid(),
  title: Type.String({ description: 'Ext: the title to show, in `language` of the query with the fallback' }),
  title_language: Type.String({ description: 'Ext: the language of `title`' }),
  original_language: Language,
  titles: StringMap,
  introductions: StringMap,
  tags: Type.Array(Type.String()),
  alternate_titles: Type.Array(Type.Object({ title: Type.String(), language: Nullable(Type.String()) }), {
    description: 'Ext: other names of the book, in order',
  }),
  book_type: BookType,
  author: Nullable(Type.String()),
  artist: Nullable(Type.String({ description: 'Ext (issue 46): who drew the book, as credited (names joined by " & "); null: none' })),
  status: BookStatus,
  public_free_chapters: Type.Integer(),
  is_published: Type.Boolean(),
  import_pending: Type.Boolean(),
  recommendation_rank: Nullable(Type.Integer()),
  chapter_count: Type.Integer(),
  publishing: PublishingSchedule,
  ranking_excluded: Type.Boolean({ description: 'Ext (issue 46): kept out of every ranking (the other books keep their computed order)' }),
  cover_image: Nullable(Type.String()),
  created_at: Timestamp(),
  updated_at: Timestamp(),
  reading: BookReading,
  content_rating: ContentRating,
  content_descriptors: ContentDescriptors,
});
export type AdminBookDetail = Static<typeof AdminBookDetail>;
export const AdminBookResponse = Data(AdminBookDetail);

export const AdminBookCreateBody = ClosedObject({
  original_language: Language,
  titles: LanguageMap(Title),
  introductions: Type.Optional(LanguageMap(Introduction)),
  tags: Type.Optional(Tags),
  alternate_titles: Type.Optional(AlternateTitles),
  book_type: BookType,
  author: Type.Optional(Author),
  artist: Type.Optional(Author),
  status: Type.Optional(BookStatus),
  public_free_chapters: Type.Optional(FreeChapters),
  content_rating: Type.Optional(ContentRating),
  content_descriptors: Type.Optional(ContentDescriptors),
});
export type AdminBookCreateBody = Static<typeof AdminBookCreateBody>;

export const AdminBookUpdateBody = ClosedObject(
  {
    original_language: Type.Optional(Language),
    titles: Type.Optional(LanguageMap(Title)),
    introductions: Type.Optional(LanguageMap(Introduction)),
    tags: Type.Optional(Tags),
    alternate_titles: Type.Optional(AlternateTitles),
    book_type: Type.Optional(BookType),
    author: Type.Optional(Author),
    artist: Type.Optional(Author),
    status: Type.Optional(BookStatus),
    public_free_chapters: Type.Optional(FreeChapters),
    publishing: Type.Optional(PublishingScheduleBody),
    ranking_excluded: Type.Optional(Type.Boolean({ description: 'Keep the book out of every ranking (audited as book.ranking)' })),
    content_rating: Type.Optional(ContentRating),
    content_descriptors: Type.Optional(ContentDescriptors),
  },
  { minProperties: 1 },
);
export type AdminBookUpdateBody = Static<typeof AdminBookUpdateBody>;

export const RecommendationsResponse = Data(Type.Object({ items: Type.Array(AdminBookItem) }));
export const RecommendationsBody = ClosedObject({
  book_uuids: Type.Array(Uuid(), { maxItems: RECOMMENDATIONS_MAX, uniqueItems: true, description: 'The carousel, first shown first' }),
});
export type RecommendationsBody = Static<typeof RecommendationsBody>;

export const AdminChapterItem = Type.Object({
  chapter_uuid: Uuid(),
  number: Type.Integer(),
  titles: StringMap,
  is_published: Type.Boolean(),
  publish_at: Nullable(Timestamp('A scheduled release, while the chapter is unpublished')),
  page_count: Type.Integer({ description: 'Pages in the original language (comics)' }),
  word_count: Nullable(Type.Integer({ description: 'Words in the original language (novels)' })),
  coin_price: Nullable(Type.Integer({ description: "The chapter's own price in coins; null: the book's" })),
  created_at: Timestamp(),
});
export type AdminChapterItem = Static<typeof AdminChapterItem>;
export const AdminChapterListQuery = Type.Object({ ...AdminPageQuery }, { additionalProperties: false });
export type AdminChapterListQuery = Static<typeof AdminChapterListQuery>;
export const AdminChapterListResponse = PagedData(AdminChapterItem);
export const AdminChapterResponse = Data(AdminChapterItem);

export const ChapterTitlesBody = ClosedObject({ titles: LanguageMap(Title) });
export type ChapterTitlesBody = Static<typeof ChapterTitlesBody>;
export const ChapterOrderBody = ClosedObject({
  chapter_uuids: Type.Array(Uuid(), { minItems: 1, maxItems: CHAPTER_ORDER_MAX, uniqueItems: true }),
});
export type ChapterOrderBody = Static<typeof ChapterOrderBody>;
export const ChapterScheduleBody = ClosedObject({
  publish_at: Nullable(Timestamp('When the chapter publishes itself; null cancels the schedule')),
});
export type ChapterScheduleBody = Static<typeof ChapterScheduleBody>;
export const ChapterOrderResponse = Data(Type.Object({ renumbered: Type.Integer() }));
