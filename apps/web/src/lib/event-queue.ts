import type { ReadingEvent } from '@inkstream/contracts';
import { EVENTS_BATCH_MAX } from '@inkstream/contracts/constants';
import { STORAGE_KEYS } from './storage-keys';
import { isObject, readQueue, writeQueue } from './sync-queue';

/**
 * Reading events the server has not taken yet (issue 47): sent while offline, or lost to a network
 * error. Each carries its client `at`, and the server drops an exact repeat of a reader's event with
 * the same `at`, so an event sent again after a lost answer is not counted twice. Bounded: a reader
 * offline for weeks keeps the newest EVENT_QUEUE_MAX, never an ever-growing list.
 */
export const EVENT_QUEUE_MAX = 500;

interface KeptEvent {
  id: string;
  event: ReadingEvent;
}

const TYPES = new Set(['start_reading', 'finish_reading', 'open_book']);
const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

const isKept = (value: unknown): value is KeptEvent =>
  isObject(value) &&
  typeof value.id === 'string' &&
  isObject(value.event) &&
  TYPES.has(value.event.type as string) &&
  typeof value.event.book_uuid === 'string' &&
  optionalString(value.event.chapter_uuid) &&
  optionalString(value.event.at);

/** Only the fields the API takes (its body is closed), whatever else a stored entry holds. */
const eventOf = ({ event }: KeptEvent): ReadingEvent => ({
  type: event.type,
  book_uuid: event.book_uuid,
  ...(event.chapter_uuid !== undefined ? { chapter_uuid: event.chapter_uuid } : {}),
  ...(event.at !== undefined ? { at: event.at } : {}),
});

let sequence = 0;
const newId = () => `${Date.now().toString(36)}.${(sequence++).toString(36)}.${Math.random().toString(36).slice(2, 8)}`;

const kept = () => readQueue(STORAGE_KEYS.eventQueue, isKept);

/** Keeps events until they can be sent, oldest first; past the bound the oldest are dropped. */
export function keepEvents(events: readonly ReadingEvent[]): void {
  if (events.length === 0) return;
  const all = [...kept(), ...events.map((event) => ({ id: newId(), event }))];
  writeQueue(STORAGE_KEYS.eventQueue, all.slice(-EVENT_QUEUE_MAX));
}

/** What waits, oldest first (for tests and the app's start). */
export const keptEvents = (): ReadingEvent[] => kept().map(eventOf);

let flushing: Promise<void> | undefined;

/**
 * Sends what waits, in the API's batches, oldest first. `post` resolves true once the server
 * answered for good (taken, or refused in a way a second try will not change); the batch is then
 * removed, by id, so events kept meanwhile stay for the next flush. A batch that failed stops the
 * flush (the connection is gone again). Calls during a flush share it: nothing goes out twice.
 */
export function flushEvents(post: (events: ReadingEvent[]) => Promise<boolean>): Promise<void> {
  flushing ??= (async () => {
    try {
      const waiting = kept();
      for (let i = 0; i < waiting.length; i += EVENTS_BATCH_MAX) {
        const batch = waiting.slice(i, i + EVENTS_BATCH_MAX);
        if (!(await post(batch.map(eventOf)))) return;
        const sent = new Set(batch.map((entry) => entry.id));
        writeQueue(
          STORAGE_KEYS.eventQueue,
          kept().filter((entry) => !sent.has(entry.id)),
        );
      }
    } finally {
      flushing = undefined;
    }
  })();
  return flushing;
}
