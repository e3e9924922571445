import { Type, type Static } from 'typebox';
import {
  CONTINUE_READING_MAX,
  HISTORY_PAGE_SIZE_MAX,
  PROGRESS_BATCH_MAX,
  READING_STATUSES,
  STATUS_IMPORT_CONTENT_MAX,
  STATUSES_PAGE_SIZE_MAX,
} from '../constants.js';
import { BookType } from './catalogue.js';
import { ClosedObject, Data, LanguageParam, Nullable, Result, Timestamp, Uuid } from './common.js';

/** Where a reader is in a chapter: the page (comics) or how far through the text (novels). */
const PageIndex = Type.Integer({ minimum: 0, maximum: 100_000, description: 'Comics: the page on screen, from 0' });
const PageOffset = Type.Number({
  minimum: 0,
  maximum: 1,
  description: 'Comics: how far down that page, 0 to 1 (a webtoon page can be many screens tall)',
});
const TextFraction = Type.Number({ minimum: 0, maximum: 1, description: 'Novels: how far through the text, 0 to 1' });

export const ProgressEntry = ClosedObject({
  book_uuid: Uuid(),
  chapter_uuid: Uuid(),
  page_index: Type.Optional(PageIndex),
  page_offset: Type.Optional(PageOffset),
  text_fraction: Type.Optional(TextFraction),
  finished: Type.Optional(Type.Boolean({ description: 'The reader reached the end of the chapter' })),
  at: Type.Optional(Timestamp('When the reader was there (client clock); the newest position wins; defaults to arrival')),
});
export type ProgressEntry = Static<typeof ProgressEntry>;
export const ProgressBody = ClosedObject({
  progress: Type.Array(ProgressEntry, { minItems: 1, maxItems: PROGRESS_BATCH_MAX }),
});
export type ProgressBody = Static<typeof ProgressBody>;
export const ProgressSaved = Result(Type.Object({ saved: Type.Integer() }));

/** Where "Continue" takes the reader: the remembered position, or the next chapter once that one is finished. */
export const ResumePoint = Type.Object({
  chapter_uuid: Uuid(),
  chapter_number: Type.Integer(),
  chapter_title: Type.String(),
  page_index: Nullable(Type.Integer()),
  page_offset: Nullable(Type.Number()),
  text_fraction: Nullable(Type.Number()),
});
export type ResumePoint = Static<typeof ResumePoint>;

const BookCard = {
  book_uuid: Uuid(),
  book_title: Type.String(),
  book_type: BookType,
  cover_image: Nullable(Type.String()),
  total_chapters: Type.Integer({ description: 'Published chapters' }),
};

export const LanguageQuery = Type.Object({ language: Type.Optional(LanguageParam) });
export const ContinueReadingQuery = Type.Object({
  language: Type.Optional(LanguageParam),
  limit: Type.Integer({ minimum: 1, maximum: CONTINUE_READING_MAX, default: 12 }),
});
export type ContinueReadingQuery = Static<typeof ContinueReadingQuery>;
export const ContinueReadingItem = Type.Object({ ...BookCard, resume: ResumePoint, updated_at: Timestamp() });
export type ContinueReadingItem = Static<typeof ContinueReadingItem>;
export const ContinueReadingResponse = Result(Type.Array(ContinueReadingItem));

export const BookUuidParams = Type.Object({ bookUuid: Uuid() });
export type BookUuidParams = Static<typeof BookUuidParams>;
/** Finished chapter numbers as inclusive ranges, [[1, 12], [15, 15]]: compact for long books. */
const ChapterRanges = Type.Array(Type.Tuple([Type.Integer(), Type.Integer()]));
export const BookProgress = Type.Object({
  resume: Nullable(ResumePoint),
  updated_at: Nullable(Timestamp()),
  finished_chapters: ChapterRanges,
  following: Type.Boolean({ description: 'Whether the logged-in reader follows the book (false for visitors)' }),
});
export type BookProgress = Static<typeof BookProgress>;
export const BookProgressResponse = Result(BookProgress);

export const HistoryQuery = Type.Object({
  language: Type.Optional(LanguageParam),
  page: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
  page_size: Type.Integer({ minimum: 1, maximum: HISTORY_PAGE_SIZE_MAX, default: 20 }),
});
export type HistoryQuery = Static<typeof HistoryQuery>;
export const HistoryItem = Type.Object({
  book_uuid: Uuid(),
  book_title: Type.String(),
  book_type: BookType,
  cover_image: Nullable(Type.String()),
  chapter_uuid: Uuid(),
  chapter_number: Type.Integer(),
  chapter_title: Type.String(),
  read_at: Timestamp(),
  finished: Type.Boolean(),
});
export type HistoryItem = Static<typeof HistoryItem>;
export const HistoryResponse = Data(Type.Object({ result: Type.Array(HistoryItem), total: Type.Integer() }));
export const HistoryCleared = Result(Type.Object({ cleared: Type.Integer({ description: 'Chapters removed from the history' }) }));

export const MergeProgressBody = ClosedObject({
  visitor_id: Type.String({ pattern: '^[0-9a-f]{8}$', description: 'The visitor id used before logging in' }),
});
export type MergeProgressBody = Static<typeof MergeProgressBody>;
export const MergeProgressResponse = Result(Type.Object({ merged_books: Type.Integer(), merged_chapters: Type.Integer() }));

export const FollowResponse = Result(Type.Object({ following: Type.Boolean() }));

export const LibraryItem = Type.Object({
  ...BookCard,
  updated_at: Timestamp('When the book last changed (a chapter was added)'),
  followed_at: Timestamp(),
  unread_count: Type.Integer({ description: 'Chapters published since the follow that the reader has not opened' }),
  resume: Nullable(ResumePoint),
});
export type LibraryItem = Static<typeof LibraryItem>;
export const LibraryResponse = Result(Type.Array(LibraryItem));
export const LibrarySummary = Type.Object({
  unread_books: Type.Integer({ description: 'Followed books with at least one unread new chapter' }),
  unread_alerts: Type.Optional(
    Type.Integer({ description: "Ext (issue 31): unread replies to the reader's comments; absent when the community is off" }),
  ),
});
export type LibrarySummary = Static<typeof LibrarySummary>;
export const LibrarySummaryResponse = Result(LibrarySummary);

/** Issue 61: a reading status (the library's tabs). */
export const ReadingStatusValue = Type.Union(
  [
    Type.Literal('reading'),
    Type.Literal('plan_to_read'),
    Type.Literal('on_hold'),
    Type.Literal('re_reading'),
    Type.Literal('completed'),
    Type.Literal('dropped'),
  ],
  { description: 'reading, plan_to_read, on_hold, re_reading, completed or dropped' },
);
export const SetReadingStatusBody = ClosedObject({ status: ReadingStatusValue });
export type SetReadingStatusBody = Static<typeof SetReadingStatusBody>;
export const BookReadingStatus = Type.Object({
  status: Nullable(ReadingStatusValue),
  chosen: Type.Boolean({ description: 'true: the reader set it; false: the site did (reading, at the first chapter opened)' }),
  updated_at: Nullable(Timestamp()),
});
export type BookReadingStatus = Static<typeof BookReadingStatus>;
export const BookReadingStatusResponse = Result(BookReadingStatus);
export const StatusCounts = Type.Object(
  {
    reading: Type.Integer(),
    plan_to_read: Type.Integer(),
    on_hold: Type.Integer(),
    re_reading: Type.Integer(),
    completed: Type.Integer(),
    dropped: Type.Integer(),
  } satisfies Record<(typeof READING_STATUSES)[number], unknown>,
  { description: 'Books under each status (published ones)' },
);
export type StatusCounts = Static<typeof StatusCounts>;
export const StatusCountsResponse = Result(StatusCounts);
export const StatusesQuery = Type.Object({
  status: ReadingStatusValue,
  sort: Type.Union([Type.Literal('status_changed'), Type.Literal('updated')], {
    default: 'status_changed',
    description: 'status_changed: filed most recently first; updated: the book’s newest chapter first',
  }),
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  page_size: Type.Integer({ minimum: 1, maximum: STATUSES_PAGE_SIZE_MAX, default: 24 }),
  language: Type.Optional(LanguageParam),
});
export type StatusesQuery = Static<typeof StatusesQuery>;
export const StatusItem = Type.Object({
  ...BookCard,
  status: ReadingStatusValue,
  status_changed_at: Timestamp(),
  updated_at: Timestamp('When the book last changed (a chapter was added)'),
  resume: Nullable(ResumePoint),
});
export type StatusItem = Static<typeof StatusItem>;
export const StatusesResponse = Result(Type.Object({ items: Type.Array(StatusItem), total: Type.Integer(), counts: StatusCounts }));

/**
 * Issue 61: import statuses from another site's export (docs/API.md "Importing from other sites").
 * The file travels as a string: plain text, or base64 when it is gzipped (`encoding`).
 */
export const ImportStatusesBody = ClosedObject({
  format: Type.Union([Type.Literal('mal'), Type.Literal('anilist'), Type.Literal('mangadex')], {
    description: 'mal: MyAnimeList manga list XML (.xml or .xml.gz); anilist: MediaListCollection JSON; mangadex: reading-status JSON',
  }),
  content: Type.String({ minLength: 1, maxLength: STATUS_IMPORT_CONTENT_MAX, description: 'The file: text, or base64 (see encoding)' }),
  encoding: Type.Optional(
    Type.Union([Type.Literal('text'), Type.Literal('base64')], { description: 'text (default) or base64 (a gzipped file must be base64)' }),
  ),
  /** For format mangadex: a MangaDex list/follows export ({data:[{id, attributes:{title, altTitles}}]}) giving the titles. */
  titles: Type.Optional(Type.String({ maxLength: STATUS_IMPORT_CONTENT_MAX, description: 'mangadex only: the titles file, text' })),
  overwrite: Type.Optional(Type.Boolean({ description: 'Replace statuses the reader chose (default false)' })),
  dry_run: Type.Optional(Type.Boolean({ description: 'Report only; change nothing (default false)' })),
});
export type ImportStatusesBody = Static<typeof ImportStatusesBody>;
export const ImportOutcome = Type.Union([
  Type.Literal('matched'),
  Type.Literal('already_set'),
  Type.Literal('unmatched'),
  Type.Literal('ambiguous'),
  Type.Literal('invalid'),
]);
export const ImportEntryReport = Type.Object({
  outcome: ImportOutcome,
  /** The title the file gave (first of them), or null when it gave none. */
  source_title: Nullable(Type.String()),
  source_id: Nullable(Type.String()),
  status: Nullable(ReadingStatusValue),
  book: Nullable(Type.Object({ uuid: Type.String(), title: Type.String() })),
  candidates: Type.Array(Type.Object({ uuid: Type.String(), title: Type.String() })),
  /** Why unmatched or invalid: no_title, no_book, unknown_status. */
  reason: Nullable(Type.String()),
});
export type ImportEntryReport = Static<typeof ImportEntryReport>;
export const ImportStatusesReport = Type.Object({
  dry_run: Type.Boolean(),
  total: Type.Integer(),
  matched: Type.Integer(),
  already_set: Type.Integer(),
  unmatched: Type.Integer(),
  ambiguous: Type.Integer(),
  invalid: Type.Integer(),
  entries: Type.Array(ImportEntryReport),
  entries_truncated: Type.Boolean(),
});
export type ImportStatusesReport = Static<typeof ImportStatusesReport>;
export const ImportStatusesResponse = Result(ImportStatusesReport);
