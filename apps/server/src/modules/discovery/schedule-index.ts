import type { Db } from '../../db/database.js';
import type { CatalogueVersion } from '../catalogue/catalogue-version.js';
import { createVersionedMemo } from '../catalogue/versioned-memo.js';
import { findPublishingBooks, findReleasesBetween, findScheduledReleases } from '../catalogue/schedule.repository.js';
import { isKnownTimeZone } from '../catalogue/schedule-time.js';

/** Books that publish on the same days' clock: one zone and time, the books by ISO weekday. */
export interface RegularGroup {
  zone: string;
  /** Minutes after midnight in `zone`; null: the day without a set time. */
  time: number | null;
  /** byWeekday[d - 1]: the books that publish on ISO weekday d. */
  byWeekday: number[][];
}

export interface ScheduleIndex {
  regular: RegularGroup[];
  /** Scheduled chapters by moment, [scheduledBooks[i], scheduledAt[i]] (of any book: the calendar keeps the published). */
  scheduledBooks: Int32Array;
  scheduledAt: Float64Array;
}

/**
 * What the calendar reads, kept in memory per catalogue version (docs/DISCOVERY.md "Calendar"):
 * the regular publishing days of published, ongoing books grouped by zone and time (converting a
 * week costs a few calls per group, not per book), and the scheduled chapters' moments (book and
 * time only: nothing of the chapter itself). Scheduling a chapter, publishing it and a console
 * change of the days all move the catalogue version. The chapters that came out in a week are
 * read once per week asked (an index range) and kept alike.
 */
export function createScheduleIndex(db: Db, versions: Pick<CatalogueVersion, 'get' | 'peek' | 'subscribe'>) {
  const index = createVersionedMemo<ScheduleIndex>({
    versions,
    // Everything in it moves the version: the time is only a backstop.
    ttlMs: 10 * 60_000,
    sizeOf: (value) =>
      value.scheduledAt.byteLength * 1.5 + value.regular.reduce((sum, group) => sum + 64 + group.byWeekday.flat().length * 8, 0),
    maxEntries: 1,
    maxBytes: 64 * 1024 * 1024,
  });
  const releases = createVersionedMemo<{ bookIds: Int32Array; moments: Float64Array }>({
    versions,
    ttlMs: 5 * 60_000,
    sizeOf: (value) => value.moments.byteLength * 1.5,
    // A few weeks around the current one are what readers page through.
    maxEntries: 16,
  });

  async function build(): Promise<ScheduleIndex> {
    const [books, scheduled] = await Promise.all([findPublishingBooks(db), findScheduledReleases(db)]);
    const groups = new Map<string, RegularGroup>();
    for (const book of books) {
      // Completed books publish no more: they are listed apart, never as a regular day.
      if (book.status === 'completed') continue;
      const zone = isKnownTimeZone(book.publishing_time_zone) ? book.publishing_time_zone : 'UTC';
      const key = `${zone} ${book.publishing_time ?? ''}`;
      let group = groups.get(key);
      if (!group) {
        group = { zone, time: book.publishing_time, byWeekday: [[], [], [], [], [], [], []] };
        groups.set(key, group);
      }
      for (let day = 1; day <= 7; day += 1) if ((book.publishing_days & (1 << (day - 1))) !== 0) group.byWeekday[day - 1]!.push(book.id);
    }
    return {
      regular: [...groups.values()],
      scheduledBooks: Int32Array.from(scheduled, (row) => row.book_id),
      scheduledAt: Float64Array.from(scheduled, (row) => Number(row.publish_at)),
    };
  }

  return {
    get: () => index.get('index', build),
    /** Books and moments of the chapters published in [from, to). */
    releasesBetween: (from: number, to: number) =>
      releases.get(`${from}-${to}`, async () => {
        const rows = await findReleasesBetween(db, from, to);
        return { bookIds: Int32Array.from(rows, (row) => row.book_id), moments: Float64Array.from(rows, (row) => Number(row.created_at)) };
      }),
    stop() {
      index.stop();
      releases.stop();
    },
  };
}

export type ScheduleIndexes = ReturnType<typeof createScheduleIndex>;
