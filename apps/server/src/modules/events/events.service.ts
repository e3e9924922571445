import { createHash } from 'node:crypto';
import type { EventsBody, ReadingEventType } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import { DAY_MS } from '../../lib/time.js';
import * as repo from './events.repository.js';
import { refuseLeftReader } from '../users/account-guard.js';

/** How much each event adds to a book's popularity score (sort order "popularity"). */
const POPULARITY_POINTS: Record<ReadingEventType, number> = { open_book: 1, start_reading: 2, finish_reading: 3 };

export interface EventSource {
  userId: number | null;
  visitorId: string | null;
  /** The client address: anonymous readers are counted by it, since visitor ids are free to invent. */
  ip: string;
}

/**
 * Who a reading event counts for: the account when logged in; otherwise the address (hashed, not
 * stored in clear). A visitor id is chosen by the client and can be changed at will, so it cannot
 * be the unit of counting.
 */
const readerKey = (source: EventSource) =>
  source.userId !== null ? `user:${source.userId}` : `ip:${createHash('sha256').update(source.ip).digest('hex').slice(0, 40)}`;

/** An event of a call that names a published book (and a chapter of it): what may be stored. */
interface ValidEvent {
  type: ReadingEventType;
  book: number;
  chapter: number | null;
  /** The client's `at` in epoch ms; null when the event came without one. */
  clientAt: number | null;
}

/** What makes two events the same send: type, book, chapter and the client's `at`. */
const sentKey = (event: ValidEvent) => `${event.type}:${event.book}:${event.chapter ?? ''}:${event.clientAt}`;

export function createEventsService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /**
   * Stores reading events and raises popularity, each (reader, event type, chapter) at most once
   * a UTC day (open_book once per book), so repeated or scripted events cannot push a book up the
   * order. Events naming a book or chapter that does not exist (or a chapter of another book) are
   * dropped, not failed: analytics must never break reading. An event carrying a client `at` that
   * its sender (the account, else the visitor id) already had stored with the same type, book,
   * chapter and `at` is dropped too: the web app sends again the events it queued offline when an
   * answer was lost, on whatever day and from whatever address. Returns how many events counted.
   */
  async function record(body: EventsBody, source: EventSource): Promise<number> {
    const receivedAt = now();
    const day = Math.floor(receivedAt / DAY_MS);
    const bookUuids = [...new Set(body.events.map((e) => e.book_uuid))];
    const chapterUuids = [...new Set(body.events.flatMap((e) => (e.chapter_uuid ? [e.chapter_uuid] : [])))];
    const [books, chapters] = await Promise.all([
      repo.findPublishedBookIds(db, bookUuids),
      chapterUuids.length ? repo.findChapterIds(db, chapterUuids) : Promise.resolve([]),
    ]);
    const bookId = new Map(books.map((b) => [b.uuid, b.id]));
    const chapterOf = new Map(chapters.map((c) => [c.uuid, c]));
    const reader = readerKey(source);
    const valid: ValidEvent[] = [];
    for (const event of body.events) {
      const book = bookId.get(event.book_uuid);
      const chapter = event.chapter_uuid ? chapterOf.get(event.chapter_uuid) : undefined;
      if (book === undefined || (event.chapter_uuid && chapter?.book_id !== book)) continue;
      const clientAt = event.at === undefined ? NaN : Date.parse(event.at);
      valid.push({ type: event.type, book, chapter: chapter?.id ?? null, clientAt: Number.isFinite(clientAt) ? clientAt : null });
    }
    if (valid.length === 0) return 0;

    return db.transaction().execute(async (trx) => {
      if (source.userId !== null) await refuseLeftReader(trx, source.userId);
      const sentBefore = await storedBefore(trx, source, valid);
      // Valid events not stored before, one per (type, target) within this call: starting or
      // finishing counts per chapter; an event without a chapter counts per book.
      const candidates = new Map<string, ValidEvent>();
      for (const event of valid) {
        const key = `${event.type}:${event.chapter ?? event.book}`;
        if (!sentBefore.has(sentKey(event)) && !candidates.has(key)) candidates.set(key, event);
      }
      if (candidates.size === 0) return 0;
      const claimed = await repo.claimEventDays(
        trx,
        [...candidates.values()].map((c) => ({ reader_key: reader, event_type: c.type, target_id: c.chapter ?? c.book, day })),
      );
      const counted = [...candidates.entries()].filter(([key]) => claimed.has(key)).map(([, c]) => c);
      const points = new Map<number, number>();
      const rows = counted.map((event) => {
        points.set(event.book, (points.get(event.book) ?? 0) + POPULARITY_POINTS[event.type]);
        // A client clock can be wrong; keep its time only when it is plausible.
        const at = event.clientAt ?? NaN;
        const occurredAt = at <= receivedAt && at > receivedAt - DAY_MS ? at : receivedAt;
        return {
          event_type: event.type,
          book_id: event.book,
          chapter_id: event.chapter,
          user_id: source.userId,
          visitor_id: source.visitorId,
          occurred_at: occurredAt,
          received_at: receivedAt,
          client_at: event.clientAt,
        };
      });
      await repo.insertEvents(trx, rows);
      for (const [book, score] of points) await repo.addPopularity(trx, book, score);
      return rows.length;
    });
  }

  /**
   * The events of this batch its sender had stored already (keys as sentKey), found with one
   * statement for the whole batch, under the sender's lock (held to the end of the transaction, so a
   * copy of the batch under way at the same time waits and finds this one's rows). Only events with
   * a client `at` can be recognised, and only for a sender with an account or a visitor id.
   */
  async function storedBefore(executor: DbExecutor, source: EventSource, events: readonly ValidEvent[]): Promise<Set<string>> {
    const sender: repo.EventSender | null =
      source.userId !== null ? { userId: source.userId } : source.visitorId !== null ? { visitorId: source.visitorId } : null;
    const clientTimes = [...new Set(events.flatMap((event) => (event.clientAt === null ? [] : [event.clientAt])))];
    if (sender === null || clientTimes.length === 0) return new Set();
    await repo.lockEventsSentAgain(executor, sender);
    const stored = await repo.findEventsSentAt(executor, sender, clientTimes);
    return new Set(
      stored.map((row) =>
        sentKey({
          type: row.event_type as ReadingEventType,
          book: Number(row.book_id),
          chapter: row.chapter_id === null ? null : Number(row.chapter_id),
          clientAt: Number(row.client_at),
        }),
      ),
    );
  }

  return { record };
}

export type EventsService = ReturnType<typeof createEventsService>;
