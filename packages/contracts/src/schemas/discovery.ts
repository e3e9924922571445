import { Type, type Static } from 'typebox';
import { BOOK_PAGE_SIZE_DEFAULT, BOOK_PAGE_SIZE_MAX } from '../constants.js';
import { ClosedObject, Data, LanguageParam, Nullable, PlainText, Result, Timestamp, Uuid } from './common.js';
import { BookSummary, BookType } from './catalogue.js';
import { CreatorRole, TimeZoneParam, Weekday } from './book-credits.js';

/**
 * Discovery (issue 46): the release calendar, the rankings, author pages and "readers also read".
 * Every answer is a public read served from memory (docs/DISCOVERY.md); the lists carry the book
 * list's own card (BookSummary) plus what the list is about.
 */

/** Which day a reader's week starts on (the calendar's first column). */
export const WeekStart = Type.Union([Type.Literal('monday'), Type.Literal('sunday'), Type.Literal('saturday')]);
export type WeekStart = Static<typeof WeekStart>;

export const ScheduleQuery = ClosedObject({
  language: Type.Optional(LanguageParam),
  week: Type.Optional(
    Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'Any day (YYYY-MM-DD, in time_zone) of the week to show; default: the current week',
    }),
  ),
  time_zone: Type.Optional(TimeZoneParam),
  week_start: Type.Optional(WeekStart),
});
export type ScheduleQuery = Static<typeof ScheduleQuery>;

/** Why a book is on a day of the calendar. */
export const ScheduledBook = Type.Object({
  ...BookSummary.properties,
  release_at: Nullable(
    Timestamp(
      "The moment of the release on that day: a scheduled chapter, a chapter already out, or the book's regular publishing time; null when the book has a publishing day without a time",
    ),
  ),
  release: Type.Union([Type.Literal('released'), Type.Literal('scheduled'), Type.Literal('regular')], {
    description:
      "released: a chapter came out that day; scheduled: a chapter is set to publish then; regular: one of the book's publishing days",
  }),
});
export type ScheduledBook = Static<typeof ScheduledBook>;

/** A day of the calendar lists at most this many books (the first by time, then the most read). */
export const SCHEDULE_DAY_MAX = 100;
/** Completed books listed apart (the most read). */
export const SCHEDULE_COMPLETED_MAX = 24;

export const ScheduleDay = Type.Object({
  date: Type.String({ description: 'The day, YYYY-MM-DD in time_zone' }),
  weekday: Weekday,
  is_today: Type.Boolean(),
  books: Type.Array(ScheduledBook, {
    maxItems: SCHEDULE_DAY_MAX,
    description: `By release time (books without a time last), then popularity; at most ${SCHEDULE_DAY_MAX}`,
  }),
});
export type ScheduleDay = Static<typeof ScheduleDay>;

export const Schedule = Type.Object({
  time_zone: Type.String(),
  week_start: WeekStart,
  days: Type.Array(ScheduleDay, { minItems: 7, maxItems: 7 }),
  previous_week: Type.String({ description: 'A day of the previous week (for ?week=)' }),
  next_week: Type.String({ description: 'A day of the next week (for ?week=)' }),
  completed: Type.Array(BookSummary, {
    maxItems: SCHEDULE_COMPLETED_MAX,
    description: `Completed books, most read first (at most ${SCHEDULE_COMPLETED_MAX}): they publish no more`,
  }),
});
export type Schedule = Static<typeof Schedule>;
export const ScheduleResponse = Data(Schedule);

export const RANKING_KINDS = ['popular', 'top_rated', 'rising', 'new', 'completed'] as const;
export const RankingKind = Type.Union([
  Type.Literal('popular'),
  Type.Literal('top_rated'),
  Type.Literal('rising'),
  Type.Literal('new'),
  Type.Literal('completed'),
]);
export type RankingKind = Static<typeof RankingKind>;
export const RankingPeriod = Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]);
export type RankingPeriod = Static<typeof RankingPeriod>;

/** A ranking's size: rankings are the head of an order, never the whole catalogue. */
export const RANKING_MAX_ENTRIES = 100;

export const RankingParams = ClosedObject({ kind: RankingKind });
export type RankingParams = Static<typeof RankingParams>;
export const RankingQuery = ClosedObject({
  language: Type.Optional(LanguageParam),
  period: Type.Optional(
    Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')], {
      description:
        'Readers counted over the last 24 hours, 7 days or 30 days (default week); popular and rising only, the others ignore it',
    }),
  ),
  tag: Type.Optional(PlainText({ maxLength: 64, description: 'Only books with this tag' })),
  book_type: Type.Optional(BookType),
  page: Type.Integer({ minimum: 0, maximum: 1000, default: 0 }),
  page_size: Type.Integer({ minimum: 1, maximum: BOOK_PAGE_SIZE_MAX, default: BOOK_PAGE_SIZE_DEFAULT }),
});
export type RankingQuery = Static<typeof RankingQuery>;

export const RankedBook = Type.Object({
  ...BookSummary.properties,
  rank: Type.Integer({ minimum: 1 }),
  previous_rank: Nullable(
    Type.Integer({ minimum: 1, description: 'The rank in the same list one period earlier; null: not in it (a new entry)' }),
  ),
  readers: Type.Integer({ description: 'Readers of the book in the period (popular, rising) or in the last 30 days (the others)' }),
});
export type RankedBook = Static<typeof RankedBook>;

export const Ranking = Type.Object({
  kind: RankingKind,
  period: RankingPeriod,
  result: Type.Array(RankedBook),
  total: Type.Integer({ description: `Entries in the ranking (at most ${RANKING_MAX_ENTRIES})` }),
  computed_at: Timestamp('When the figures behind the ranking were computed (every few minutes, in the background)'),
});
export type Ranking = Static<typeof Ranking>;
export const RankingResponse = Data(Ranking);

/** A person's name as a URL segment: lower case, letters and digits of any script joined by '-'. */
export const AuthorParams = ClosedObject({ slug: PlainText({ minLength: 1, maxLength: 200 }) });
export type AuthorParams = Static<typeof AuthorParams>;
export const AuthorQuery = ClosedObject({ language: Type.Optional(LanguageParam) });
export type AuthorQuery = Static<typeof AuthorQuery>;
export const CreditedBook = Type.Object({
  ...BookSummary.properties,
  roles: Type.Array(CreatorRole, { minItems: 1, description: 'What the person did for the book' }),
});
export type CreditedBook = Static<typeof CreditedBook>;
/** An author page lists at most this many books (the most read). */
export const AUTHOR_BOOKS_MAX = 200;
export const AuthorPage = Type.Object({
  slug: Type.String(),
  name: Type.String({ description: 'As the newest of the books credits it' }),
  roles: Type.Array(CreatorRole, { description: 'Every role across the books' }),
  books: Type.Array(CreditedBook, {
    maxItems: AUTHOR_BOOKS_MAX,
    description: `Published books, most read first (at most ${AUTHOR_BOOKS_MAX})`,
  }),
});
export type AuthorPage = Static<typeof AuthorPage>;
export const AuthorResponse = Data(AuthorPage);

export const ALSO_READ_MAX = 12;
export const AlsoReadParams = ClosedObject({ book_uuid: Uuid() });
export const AlsoReadQuery = ClosedObject({ language: Type.Optional(LanguageParam) });
export const AlsoReadResponse = Result(
  Type.Array(BookSummary, {
    maxItems: ALSO_READ_MAX,
    description:
      "Books this book's readers also read, most specific first (co-reading normalised by popularity); never the book itself; with a token, never a book the reader finished",
  }),
);

export const BecauseYouReadQuery = ClosedObject({ language: Type.Optional(LanguageParam) });
export const BecauseYouRead = Type.Object({
  basis: Nullable(
    Type.Object({ book_uuid: Uuid(), book_title: Type.String() }, { description: 'The book the row is about; null: nothing to suggest' }),
  ),
  result: Type.Array(BookSummary, { maxItems: ALSO_READ_MAX }),
});
export type BecauseYouRead = Static<typeof BecauseYouRead>;
export const BecauseYouReadResponse = Data(BecauseYouRead);
