import type { EventsBody, ReadingEventType } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { DAY_MS } from '../../lib/time.js';
import * as repo from './events.repository.js';

/** How much each event adds to a book's popularity score (sort order "popularity"). */
const POPULARITY_POINTS: Record<ReadingEventType, number> = { open_book: 1, start_reading: 2, finish_reading: 3 };

export interface EventSource {
  userId: number | null;
  visitorId: string | null;
}

export function createEventsService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /**
   * Stores reading events and raises popularity. Events naming a book or chapter that does not
   * exist (or a chapter of another book) are dropped, not failed: analytics must never break reading.
   */
  async function record(body: EventsBody, source: EventSource): Promise<number> {
    const receivedAt = now();
    const bookUuids = [...new Set(body.events.map((e) => e.book_uuid))];
    const chapterUuids = [...new Set(body.events.flatMap((e) => (e.chapter_uuid ? [e.chapter_uuid] : [])))];
    const [books, chapters] = await Promise.all([
      repo.findPublishedBookIds(db, bookUuids),
      chapterUuids.length ? repo.findChapterIds(db, chapterUuids) : Promise.resolve([]),
    ]);
    const bookId = new Map(books.map((b) => [b.uuid, b.id]));
    const chapterOf = new Map(chapters.map((c) => [c.uuid, c]));
    const points = new Map<number, number>();
    const rows = body.events.flatMap((event) => {
      const book = bookId.get(event.book_uuid);
      const chapter = event.chapter_uuid ? chapterOf.get(event.chapter_uuid) : undefined;
      if (book === undefined || (event.chapter_uuid && chapter?.book_id !== book)) return [];
      points.set(book, (points.get(book) ?? 0) + POPULARITY_POINTS[event.type]);
      // A client clock can be wrong; keep its time only when it is plausible.
      const at = event.at ? Date.parse(event.at) : NaN;
      const occurredAt = at <= receivedAt && at > receivedAt - DAY_MS ? at : receivedAt;
      return [
        {
          event_type: event.type,
          book_id: book,
          chapter_id: chapter?.id ?? null,
          user_id: source.userId,
          visitor_id: source.visitorId,
          occurred_at: occurredAt,
          received_at: receivedAt,
        },
      ];
    });
    await db.transaction().execute(async (trx) => {
      await repo.insertEvents(trx, rows);
      for (const [book, score] of points) await repo.addPopularity(trx, book, score);
    });
    return rows.length;
  }

  return { record };
}

export type EventsService = ReturnType<typeof createEventsService>;
