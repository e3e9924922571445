import type { NextRelease } from '@inkstream/contracts';
import { addDays, dateIn, daysOfMask, isKnownTimeZone, momentOf, timeOf, weekdayOf } from './schedule-time.js';
import type { PublishingColumns } from './schedule-settings.js';

/**
 * The book page's "next chapter" (issue 46): the next scheduled chapter when one is set, else the
 * next of the book's regular publishing days at its time in its zone. A day without a set time
 * counts from its first moment, today included until it ends. A completed book has none.
 */
export function nextReleaseOf(
  book: PublishingColumns & { status: 'ongoing' | 'completed' },
  nextScheduledAt: number | null,
  now: number,
): NextRelease | null {
  if (book.status === 'completed') return null;
  const days = daysOfMask(book.publishing_days);
  const regular = nextRegularMoment(book, now);
  const next = nextScheduledAt ?? regular;
  if (days.length === 0 && next === null) return null;
  return {
    days,
    time: book.publishing_time === null ? null : timeOf(book.publishing_time),
    time_zone: book.publishing_time_zone,
    next_chapter_at: next === null ? null : new Date(next).toISOString(),
  };
}

/** The next moment of a regular publishing day at or after `now` (null without days). */
export function nextRegularMoment(book: PublishingColumns, now: number): number | null {
  if (book.publishing_days === 0) return null;
  // Zones are checked when set; a zone this server's Intl does not know (older ICU) reads as UTC.
  const zone = isKnownTimeZone(book.publishing_time_zone) ? book.publishing_time_zone : 'UTC';
  const today = dateIn(now, zone);
  for (let offset = 0; offset <= 7; offset += 1) {
    const date = addDays(today, offset);
    if ((book.publishing_days & (1 << (weekdayOf(date) - 1))) === 0) continue;
    if (book.publishing_time === null) {
      if (offset === 0 || momentOf(date, 0, zone) >= now) return momentOf(date, 0, zone);
      continue;
    }
    const moment = momentOf(date, book.publishing_time, zone);
    if (moment >= now) return moment;
  }
  return null;
}
