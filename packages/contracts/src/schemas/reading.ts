import { Type, type Static } from 'typebox';
import { EVENTS_BATCH_MAX } from '../constants.js';
import { BookType } from './catalogue.js';
import { UnlockOffer } from './coins.js';
import { ClosedObject, Data, LanguageParam, Nullable, Result, Timestamp, Uuid } from './common.js';
import { BookReading } from './reading-modes.js';

export const ChapterContentParams = Type.Object({ chapterUuid: Uuid(), language: LanguageParam });
export type ChapterContentParams = Static<typeof ChapterContentParams>;

/**
 * Ext: `data_saver=1` asks for the pages' lighter variant (as the `Save-Data: on` header does). Other
 * parameters are ignored, as they always were on this call.
 */
export const ChapterContentQuery = Type.Object({
  data_saver: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')], { description: '1: the data saver’s lighter pages' })),
});
export type ChapterContentQuery = Static<typeof ChapterContentQuery>;

/** A smaller modern encoding of a page, for `<picture>`; signed like `url` when the chapter is paid. */
export const PageSource = Type.Object({
  type: Type.Union([Type.Literal('image/avif'), Type.Literal('image/webp')]),
  url: Type.String(),
});
export type PageSource = Static<typeof PageSource>;

export const PageImage = Type.Object({
  url: Type.String({ description: 'The universal fallback (the source format); every browser can show it' }),
  width: Type.Integer(),
  height: Type.Integer(),
  sources: Type.Optional(Type.Array(PageSource, { description: 'Smaller variants, best first (AVIF, then WebP); absent when none' })),
  spread: Type.Optional(
    Type.Literal(true, {
      description: 'Ext (issue 45): the page is wider than tall (a double-page spread): shown alone in double mode; absent otherwise',
    }),
  ),
});
export type PageImage = Static<typeof PageImage>;
export const ChapterContent = Type.Object({
  chapter_number: Type.Integer(),
  chapter_title: Type.String(),
  title: Type.String({ description: "The book's title" }),
  images: Type.Array(Type.String(), { description: 'Page image URLs in reading order' }),
  prev_chapter_uuid: Nullable(Uuid()),
  next_chapter_uuid: Nullable(Uuid()),
  already_favor: Type.Boolean(),
  total_likes: Type.Integer(),
  book_uuid: Uuid(),
  chapter_uuid: Uuid(),
  pages: Type.Array(PageImage, { description: 'Same order as images, with sizes for layout' }),
  book_type: BookType,
  text: Nullable(
    Type.String({
      description:
        "A novel chapter's text as sanitised HTML (p, h1–h4, em, strong, br, blockquote, hr; no attributes), in the asked language, else English (for any reader but a Chinese one), else the book's original language, else any (the rule titles follow); null for comics. `images` then holds the chapter's illustrations, if any",
    }),
  ),
  text_language: Nullable(Type.String({ description: 'The language `text` is in (it may be the fallback); null when there is no text' })),
  text_languages: Type.Array(Type.String(), {
    description: "Every language the chapter's text exists in (asking in one of them gives that text); empty for comics",
  }),
  reading: BookReading,
});
export type ChapterContent = Static<typeof ChapterContent>;
export const ChapterContentResponse = Result(ChapterContent);

/** What can open a locked chapter (its 403's `opened_by`). */
export const ChapterOpener = Type.Union([Type.Literal('membership'), Type.Literal('coins')]);
export type ChapterOpener = Static<typeof ChapterOpener>;

/**
 * The 403 of a chapter the reader may not open (MEMBERSHIP_REQUIRED / MEMBERSHIP_EXPIRED / EARLY_ACCESS): the
 * error, and ext fields that place the chapter in its book so the reader can move on from it.
 * Titles and neighbours only: never a page, an image URL or any of the text.
 */
export const LockedChapterError = Type.Object({
  error: Type.String({ description: 'Readable English message' }),
  code: Type.String({ description: 'Stable error code' }),
  book_uuid: Type.Optional(Uuid()),
  book_type: Type.Optional(BookType),
  chapter_uuid: Type.Optional(Uuid()),
  chapter_number: Type.Optional(Type.Integer()),
  chapter_title: Type.Optional(Type.String()),
  title: Type.Optional(Type.String({ description: "The book's title" })),
  prev_chapter_uuid: Type.Optional(Nullable(Uuid())),
  next_chapter_uuid: Type.Optional(Nullable(Uuid())),
  unlock: Type.Optional(UnlockOffer),
  opened_by: Type.Optional(
    Type.Array(ChapterOpener, {
      description:
        'Ext (issue 56): what would open this chapter for this reader now: `membership` (buying or renewing one; not for a chapter in early access that the book keeps from members), `coins` (an unlock: `unlock` says the price); empty while nothing can (early access without coins on)',
    }),
  ),
  early_access_until: Type.Optional(
    Timestamp('Ext (issue 56): with `EARLY_ACCESS`, when the early access ends and the chapter joins the membership'),
  ),
});
export type LockedChapterError = Static<typeof LockedChapterError>;
/** Where a locked chapter sits in its book, as its 403 gives it (all of it: the web app checks each field). */
export type LockedChapterPlace = Required<
  Pick<
    LockedChapterError,
    'book_uuid' | 'book_type' | 'chapter_uuid' | 'chapter_number' | 'chapter_title' | 'title' | 'prev_chapter_uuid' | 'next_chapter_uuid'
  >
>;

export const FavorBody = ClosedObject({ book_uuid: Uuid(), chapter_uuid: Uuid() });
export type FavorBody = Static<typeof FavorBody>;
export const FavorResult = Type.Object({ already_favor: Type.Literal(true), total_likes: Type.Integer() });
export const FavorResponse = Result(FavorResult);
/** Ext `DELETE /comics/chapter/favor` (same body): the caller's like taken back; again: no change. */
export const UnfavorResult = Type.Object({ already_favor: Type.Literal(false), total_likes: Type.Integer() });
export const UnfavorResponse = Result(UnfavorResult);

export const ReadingEventType = Type.Union([Type.Literal('start_reading'), Type.Literal('finish_reading'), Type.Literal('open_book')]);
export type ReadingEventType = Static<typeof ReadingEventType>;
export const ReadingEvent = ClosedObject({
  type: ReadingEventType,
  book_uuid: Uuid(),
  chapter_uuid: Type.Optional(Uuid()),
  at: Type.Optional(Timestamp('When it happened on the client; defaults to arrival time')),
});
export type ReadingEvent = Static<typeof ReadingEvent>;
export const EventsBody = ClosedObject({
  events: Type.Array(ReadingEvent, { minItems: 1, maxItems: EVENTS_BATCH_MAX }),
});
export type EventsBody = Static<typeof EventsBody>;
export const EventsResponse = Data(Type.Object({ accepted: Type.Integer() }));
