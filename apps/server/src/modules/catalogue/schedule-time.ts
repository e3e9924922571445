/**
 * Calendar arithmetic in IANA time zones with Intl only (no date library): days as 'YYYY-MM-DD'
 * strings, moments as epoch milliseconds. The calendar (schedule.service.ts) and the book page's
 * next release (schedule-next.ts) use it.
 */

const DAY_MS = 86_400_000;

/**
 * One formatter per zone name: making one costs far more than using it. Only names Intl takes are
 * kept, but it takes any case ("europe/PARIS"), so the memo is cleared when full rather than grown.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const FORMATTERS_MAX = 1000;

function formatterOf(zone: string): Intl.DateTimeFormat | null {
  const known = formatters.get(zone);
  if (known) return known;
  let made: Intl.DateTimeFormat;
  try {
    made = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  } catch {
    return null;
  }
  if (formatters.size >= FORMATTERS_MAX) formatters.clear();
  formatters.set(zone, made);
  return made;
}

/** Whether Intl knows the zone (an IANA name such as Asia/Shanghai, or UTC). */
export function isKnownTimeZone(zone: string): boolean {
  // Intl also takes offsets ("+08:00") on newer engines: the contract asks for a zone name.
  return /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone) && formatterOf(zone) !== null;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockAt(instant: number, zone: string): WallClock {
  const parts = formatterOf(zone)!.formatToParts(new Date(instant));
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)!.value);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
    second: value('second'),
  };
}

/** How far the zone's clock is ahead of UTC at this moment, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const wall = wallClockAt(instant, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' of a UTC-midnight epoch (the date arithmetic's own numbers). */
const dateOfUtcMidnight = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** UTC midnight of a 'YYYY-MM-DD' day, or null when it is no real day (2026-02-30). */
export function parseDate(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  return dateOfUtcMidnight(ms) === date && year >= 1970 && year <= 9999 ? ms : null;
}

/** The day `days` after (or before) this one. */
export const addDays = (date: string, days: number) => dateOfUtcMidnight(parseDate(date)! + days * DAY_MS);

/** ISO weekday (1 Monday … 7 Sunday) of a day. */
export const weekdayOf = (date: string) => ((new Date(parseDate(date)!).getUTCDay() + 6) % 7) + 1;

/** The day it is in the zone at this moment. */
export function dateIn(instant: number, zone: string): string {
  const wall = wallClockAt(instant, zone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/**
 * The moment a zone's clock shows `minutes` after midnight of `date`. A time skipped by a
 * daylight-saving change (02:30 on the spring-forward night) is read with the offset before the
 * change, as clocks are set forward (03:30); a time that happens twice is its first occurrence.
 */
export function momentOf(date: string, minutes: number, zone: string): number {
  const wall = parseDate(date)! + minutes * 60_000;
  // The zone's offsets six hours either side: a clock changes at most once in that span.
  const before = wall - offsetAt(wall - DAY_MS / 4, zone);
  const after = wall - offsetAt(wall + DAY_MS / 4, zone);
  const readsBack = (moment: number) => moment + offsetAt(moment, zone) === wall;
  const candidates = [before, after].filter(readsBack).sort((a, b) => a - b);
  return candidates[0] ?? before;
}

/** The first moment of the day in the zone (its midnight, or the first minute after a gap). */
export const startOfDay = (date: string, zone: string) => momentOf(date, 0, zone);

/** Minutes after midnight of 'HH:MM'. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** 'HH:MM' of minutes after midnight. */
export const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** ISO weekdays (1 Monday … 7 Sunday) of a publishing_days bit mask (bit 0 Monday), and back. */
export const daysOfMask = (mask: number) => [1, 2, 3, 4, 5, 6, 7].filter((day) => (mask & (1 << (day - 1))) !== 0);
export const maskOfDays = (days: readonly number[]) => days.reduce((mask, day) => mask | (1 << (day - 1)), 0);
