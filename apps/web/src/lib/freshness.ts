import { parseTimestamp } from './relative-time';

const DAY = 24 * 60 * 60 * 1000;

/** A chapter carries a NEW mark in the chapter list for 3 days after it came out (docs/WEB.md). */
export const NEW_CHAPTER_DAYS = 3;
/** A book with fewer than 5 chapters is a "New series" only while its first chapter is under 30 days old. */
export const NEW_SERIES_DAYS = 30;

/** Whether `timestamp` lies less than `days` before `now`; a time slightly ahead of this clock counts as new. */
function isWithinDays(timestamp: string | null | undefined, days: number, now: number): boolean {
  if (!timestamp) return false;
  const then = parseTimestamp(timestamp);
  return !Number.isNaN(then) && now - then < days * DAY;
}

export const isNewChapter = (createdAt: string, now: number) => isWithinDays(createdAt, NEW_CHAPTER_DAYS, now);

/** Unknown (no published chapter, or a server without the field): not new, so nothing false is said. */
export const isNewSeries = (firstChapterAt: string | null | undefined, now: number) => isWithinDays(firstChapterAt, NEW_SERIES_DAYS, now);
