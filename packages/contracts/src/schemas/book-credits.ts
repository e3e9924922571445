import { Type, type Static } from 'typebox';
import { ClosedObject, Nullable, PlainText, Timestamp } from './common.js';

/**
 * Issue 46: who made a book and when it publishes. Apart from discovery.ts because the book page
 * (catalogue.ts BookChapters) and the console's book (admin/books.ts) carry them too, and
 * discovery.ts reads catalogue.ts (its BookSummary): one file of its own keeps the imports one way.
 */

/** Days of the week as ISO numbers: 1 Monday … 7 Sunday. */
export const Weekday = Type.Integer({ minimum: 1, maximum: 7, description: 'ISO weekday: 1 Monday … 7 Sunday' });

/** An IANA time zone name ("Europe/Paris"); unknown names are refused with 400 INVALID_TIME_ZONE. */
export const TimeZoneParam = PlainText({ minLength: 1, maxLength: 64, description: 'An IANA time zone, e.g. Asia/Shanghai (default UTC)' });

export const CreatorRole = Type.Union([Type.Literal('author'), Type.Literal('artist')]);
export type CreatorRole = Static<typeof CreatorRole>;

/** A credited person on a book page: links to /author/{slug}. */
export const BookCreator = Type.Object({ name: Type.String(), slug: Type.String(), role: CreatorRole });
export type BookCreator = Static<typeof BookCreator>;

/** The operator's regular publishing days of a book (admin book detail and update). */
export const PublishingSchedule = Type.Object({
  days: Type.Array(Weekday, { maxItems: 7, uniqueItems: true, description: 'ISO weekdays the book publishes on; empty: no regular days' }),
  time: Nullable(Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM in time_zone; null: no set time' })),
  time_zone: Type.String({ maxLength: 64, description: 'IANA time zone of time (default UTC)' }),
});
export type PublishingSchedule = Static<typeof PublishingSchedule>;
export const PublishingScheduleBody = ClosedObject({
  days: Type.Array(Weekday, { maxItems: 7, uniqueItems: true }),
  time: Nullable(Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' })),
  time_zone: TimeZoneParam,
});
export type PublishingScheduleBody = Static<typeof PublishingScheduleBody>;

/** On the book page (ext): when the next chapter is due. */
export const NextRelease = Type.Object({
  days: Type.Array(Weekday, { description: 'The regular publishing days; empty: none' }),
  time: Nullable(Type.String({ description: 'HH:MM in time_zone; null: no set time' })),
  time_zone: Type.String(),
  next_chapter_at: Nullable(Timestamp('The next scheduled chapter, or the next regular publishing moment; null: none known')),
});
export type NextRelease = Static<typeof NextRelease>;
