import {
  ErrorCode,
  SCHEDULE_COMPLETED_MAX,
  SCHEDULE_DAY_MAX,
  type BookSummary,
  type Schedule,
  type ScheduledBook,
  type ScheduleQuery,
  type WeekStart,
} from '@inkstream/contracts';
import type { Audience } from '../access/content-rating.js';
import { AppError } from '../../lib/app-error.js';
import { resolveLanguage } from '../../lib/language.js';
import type { RankingSnapshot } from '../catalogue/ranking-snapshot.js';
import type { ScheduleIndexes } from './schedule-index.js';
import { invalidTimeZone } from '../catalogue/schedule-settings.js';
import { addDays, dateIn, isKnownTimeZone, momentOf, parseDate, startOfDay, weekdayOf } from '../catalogue/schedule-time.js';

/** ISO weekday each week start names. */
const FIRST_WEEKDAY: Record<WeekStart, number> = { monday: 1, sunday: 7, saturday: 6 };
/** released beats scheduled beats regular: a book is once on a day, for its strongest reason. */
const STRENGTH = { released: 3, scheduled: 2, regular: 1 } as const;
type Release = keyof typeof STRENGTH;

interface Entry {
  release: Release;
  at: number | null;
}

export interface ScheduleServiceDeps {
  index: ScheduleIndexes;
  ranking: Pick<RankingSnapshot, 'page'>;
  /** The book list's cards (catalogue.service.ts). */
  summariesById(ranked: { ids: number[]; tags: string[][] }, language: string, audience: Audience): Promise<Map<number, BookSummary>>;
  now?: () => number;
}

/**
 * The release calendar (GET /comics/schedule, docs/DISCOVERY.md "Calendar"): the seven days of a
 * week in the reader's zone, each with the books that had a chapter out, have one scheduled, or
 * publish regularly then. Read from memory (schedule-index.ts) but for the week's releases (one
 * index range per week, kept); the cost follows the books on the calendar, never readers or events.
 */
export function createScheduleService(deps: ScheduleServiceDeps) {
  const now = deps.now ?? Date.now;

  async function week(query: ScheduleQuery, audience: Audience): Promise<Schedule> {
    const language = resolveLanguage(query.language);
    const zone = query.time_zone ?? 'UTC';
    if (!isKnownTimeZone(zone)) throw invalidTimeZone('time_zone', zone);
    const weekStart = query.week_start ?? 'monday';
    const today = dateIn(now(), zone);
    const anchor = query.week ?? today;
    if (parseDate(anchor) === null) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, 400, 'week must be a real day (YYYY-MM-DD)', [
        { field: 'week', message: 'not a real day' },
      ]);
    }
    const first = addDays(anchor, -((weekdayOf(anchor) - FIRST_WEEKDAY[weekStart] + 7) % 7));
    const dates = Array.from({ length: 7 }, (_, i) => addDays(first, i));
    // starts[i] is day i's first moment; starts[7] the next week's.
    const starts = [...dates, addDays(first, 7)].map((date) => startOfDay(date, zone));
    const from = starts[0]!;
    const to = starts[7]!;
    const dayOf = (moment: number) => {
      if (moment < from || moment >= to) return -1;
      let day = 0;
      while (moment >= starts[day + 1]!) day += 1;
      return day;
    };

    const days = dates.map(() => new Map<number, Entry>());
    const put = (day: number, bookId: number, release: Release, at: number | null) => {
      if (day < 0) return;
      const held = days[day]!.get(bookId);
      const stronger = !held || STRENGTH[release] > STRENGTH[held.release];
      const earlier = held?.release === release && at !== null && (held.at === null || at < held.at);
      if (stronger || earlier) days[day]!.set(bookId, { release, at });
    };

    const [index, released] = await Promise.all([deps.index.get(), deps.index.releasesBetween(from, to)]);
    for (let i = 0; i < released.bookIds.length; i += 1)
      put(dayOf(released.moments[i]!), released.bookIds[i]!, 'released', released.moments[i]!);
    for (let i = firstAtOrAfter(index.scheduledAt, from); i < index.scheduledAt.length && index.scheduledAt[i]! < to; i += 1) {
      put(dayOf(index.scheduledAt[i]!), index.scheduledBooks[i]!, 'scheduled', index.scheduledAt[i]!);
    }
    for (const group of index.regular) {
      if (group.time === null) {
        // A day without a time is the same weekday wherever the reader is: there is no moment to convert.
        dates.forEach((date, day) => {
          for (const bookId of group.byWeekday[weekdayOf(date) - 1]!) put(day, bookId, 'regular', null);
        });
        continue;
      }
      // The book's own days that may fall in the reader's week (one day either side of it in the book's zone).
      const last = dateIn(to - 1, group.zone);
      for (let date = dateIn(from, group.zone); date <= last; date = addDays(date, 1)) {
        const books = group.byWeekday[weekdayOf(date) - 1]!;
        if (books.length === 0) continue;
        const moment = momentOf(date, group.time, group.zone);
        const day = dayOf(moment);
        for (const bookId of books) put(day, bookId, 'regular', moment);
      }
    }

    // Published books only, most read first: the snapshot's popularity order of the week's books.
    const onCalendar = new Set<number>();
    for (const day of days) for (const bookId of day.keys()) onCalendar.add(bookId);
    const candidates = [...onCalendar];
    const ranked = await deps.ranking.page({
      audience,
      order: 'popularity',
      matches: candidates,
      page: 0,
      pageSize: Math.max(1, candidates.length),
    });
    const place = new Map(ranked.ids.map((id, i) => [id, i]));
    const lists = days.map((day) =>
      [...day.entries()]
        .filter(([bookId]) => place.has(bookId))
        .sort(([a, x], [b, y]) => (x.at ?? Infinity) - (y.at ?? Infinity) || place.get(a)! - place.get(b)!)
        .slice(0, SCHEDULE_DAY_MAX),
    );
    const shown = new Set(lists.flatMap((list) => list.map(([bookId]) => bookId)));
    const completed = await deps.ranking.page({
      audience,
      order: 'popularity',
      status: 'completed',
      page: 0,
      pageSize: SCHEDULE_COMPLETED_MAX,
    });
    const [cards, completedCards] = await Promise.all([
      deps.summariesById(
        { ids: ranked.ids.filter((id) => shown.has(id)), tags: ranked.tags.filter((_, i) => shown.has(ranked.ids[i]!)) },
        language,
        audience,
      ),
      deps.summariesById(completed, language, audience),
    ]);

    return {
      time_zone: zone,
      week_start: weekStart,
      days: dates.map((date, day) => ({
        date,
        weekday: weekdayOf(date),
        is_today: date === today,
        books: lists[day]!.flatMap(([bookId, entry]): ScheduledBook[] => {
          const card = cards.get(bookId);
          return card ? [{ ...card, release: entry.release, release_at: entry.at === null ? null : new Date(entry.at).toISOString() }] : [];
        }),
      })),
      previous_week: addDays(first, -7),
      next_week: addDays(first, 7),
      completed: completed.ids.flatMap((id) => completedCards.get(id) ?? []),
    };
  }

  return { week };
}

/** The first position whose moment is at or after `from` (moments ascending). */
function firstAtOrAfter(moments: Float64Array, from: number): number {
  let low = 0;
  let high = moments.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (moments[mid]! < from) low = mid + 1;
    else high = mid;
  }
  return low;
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
