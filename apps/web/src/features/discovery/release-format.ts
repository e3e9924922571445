import type { NextRelease } from '@inkstream/contracts';
import { htmlLang, type Language } from '../../lib/language';

/**
 * Release times and publishing days as the reader reads them: in their language (Intl, Latin
 * digits as everywhere on the site) and in their own time zone, whatever zone the operator set.
 */

const DAY_MS = 86_400_000;
/** 2024-01-01 was a Monday: ISO weekday d is this date plus d - 1 days. */
const A_MONDAY = Date.UTC(2024, 0, 1);

/** "10:00" (or "10:00 AM" where the language writes the 12-hour clock) in `timeZone`. */
export function formatReleaseTime(at: string | number, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(htmlLang(language), { hour: 'numeric', minute: '2-digit', timeZone, numberingSystem: 'latn' }).format(
    new Date(at),
  );
}

/** A weekday's name ("Tuesday", "星期二", "الثلاثاء") for an ISO weekday 1 … 7. */
export function weekdayName(isoWeekday: number, language: Language, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(htmlLang(language), { weekday: width, timeZone: 'UTC' }).format(
    new Date(A_MONDAY + (isoWeekday - 1) * DAY_MS),
  );
}

/** A calendar day (YYYY-MM-DD) as its column's heading: "Tue 1", "12月1日 周二". */
export function formatDayHeading(date: string, language: Language): { weekday: string; day: string } {
  const at = new Date(`${date}T00:00:00Z`);
  return {
    weekday: new Intl.DateTimeFormat(htmlLang(language), { weekday: 'short', timeZone: 'UTC' }).format(at),
    day: new Intl.DateTimeFormat(htmlLang(language), { day: 'numeric', month: 'short', timeZone: 'UTC', numberingSystem: 'latn' }).format(
      at,
    ),
  };
}

/** The offset of `timeZone` from UTC at an instant, in milliseconds (what Intl writes that instant as, minus the instant). */
function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (
    Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - Math.floor(at / 1000) * 1000
  );
}

/** The instant a wall-clock time of one day is in `timeZone` (the offset read twice: right across a change of clocks). */
function zonedInstant(dayUtc: number, minutes: number, timeZone: string): number {
  const wall = dayUtc + minutes * 60_000;
  const guess = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(guess, timeZone);
}

/** The ISO weekday (1 Monday … 7 Sunday) of an instant in `timeZone`. */
function weekdayIn(at: number, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(new Date(at));
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(name) + 1;
}

/**
 * The book's publishing days as the reader's weekdays, in week order: with a set time they move
 * with it (a Tuesday 02:00 in Shanghai is a Monday evening in Paris); without one they are the
 * operator's days as they are. `reference`: a moment near which the clocks' offsets are read.
 */
export function readerPublishingDays(
  release: Pick<NextRelease, 'days' | 'time' | 'time_zone'>,
  readerZone: string,
  reference: number,
): number[] {
  const match = release.time === null ? null : /^(\d{2}):(\d{2})$/.exec(release.time);
  if (!match) return [...release.days].sort((a, b) => a - b);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  // The Monday of the reference's week (UTC), then each publishing day of that week in the book's zone.
  const monday = Math.floor(reference / DAY_MS) * DAY_MS - ((new Date(reference).getUTCDay() + 6) % 7) * DAY_MS;
  const days = release.days.map((day) => weekdayIn(zonedInstant(monday + (day - 1) * DAY_MS, minutes, release.time_zone), readerZone));
  return [...new Set(days)].sort((a, b) => a - b);
}

/** "Tuesday and Friday", "星期二和星期五", "mardi et vendredi": the days joined as the language joins a list. */
export function formatWeekdays(days: readonly number[], language: Language): string {
  return new Intl.ListFormat(htmlLang(language), { type: 'conjunction' }).format(days.map((day) => weekdayName(day, language)));
}

/** "December 3, 10:00 AM", "12月3日 10:00", "3 décembre, 10:00": the next chapter's moment in the reader's zone (the year only when not this one). */
export function formatReleaseDate(at: string, language: Language, timeZone: string, now: number): string {
  const date = new Date(at);
  const sameYear = date.getUTCFullYear() === new Date(now).getUTCFullYear();
  return new Intl.DateTimeFormat(htmlLang(language), {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    numberingSystem: 'latn',
  }).format(date);
}
