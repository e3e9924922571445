/** Relative-time buckets of spec section 9: under 10 min 'just posted', then minutes, hours (< 24 h), days (< 7 d), weeks (< 30 d), months, years. */
export type RelativeUnit = 'justPosted' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Timestamps without a zone are treated as UTC (spec section 5). */
export function parseTimestamp(value: string): number {
  const hasZone = /(?:Z|[+-]\d\d:?\d\d)$/i.test(value.trim());
  return Date.parse(hasZone ? value : `${value.trim().replace(' ', 'T')}Z`);
}

export function relativeTime(timestamp: string | number, now: number = Date.now()): { unit: RelativeUnit; count: number } {
  const then = typeof timestamp === 'number' ? timestamp : parseTimestamp(timestamp);
  const elapsed = Math.max(0, now - (Number.isNaN(then) ? now : then));
  if (elapsed < 10 * MINUTE) return { unit: 'justPosted', count: 0 };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  if (elapsed < 7 * DAY) return { unit: 'days', count: Math.floor(elapsed / DAY) };
  if (elapsed < 30 * DAY) return { unit: 'weeks', count: Math.floor(elapsed / (7 * DAY)) };
  if (elapsed < 365 * DAY) return { unit: 'months', count: Math.max(1, Math.floor(elapsed / (30 * DAY))) };
  return { unit: 'years', count: Math.floor(elapsed / (365 * DAY)) };
}
