import { STORAGE_KEYS } from './storage-keys';
import { isObject, readQueue, writeQueue } from './sync-queue';

/**
 * Likes given or taken back without a connection (issue 47): the wanted final state per chapter,
 * applied when the app is online again with favor or unfavor, which are idempotent (a like sent
 * twice is one like). A second change of the same chapter replaces the first: only where the reader
 * ended up is sent.
 */
export interface WantedLike {
  book_uuid: string;
  chapter_uuid: string;
  liked: boolean;
  /** When the reader chose it: a flush removes an entry only if no newer choice replaced it meanwhile. */
  at: number;
}

/** What applying one wanted like came to: done (taken, or refused for good) or to try again later. */
export type LikeOutcome = 'done' | 'retry';

const LIKE_QUEUE_MAX = 500;

const isWanted = (value: unknown): value is WantedLike =>
  isObject(value) &&
  typeof value.book_uuid === 'string' &&
  typeof value.chapter_uuid === 'string' &&
  typeof value.liked === 'boolean' &&
  typeof value.at === 'number';

const wanted = () => readQueue(STORAGE_KEYS.likeQueue, isWanted);

export function queueLike(book_uuid: string, chapter_uuid: string, liked: boolean, at = Date.now()): void {
  const others = wanted().filter((entry) => entry.chapter_uuid !== chapter_uuid);
  writeQueue(STORAGE_KEYS.likeQueue, [...others, { book_uuid, chapter_uuid, liked, at }].slice(-LIKE_QUEUE_MAX));
}

/** A like sent online replaces whatever waited for that chapter: a later flush must not undo it. */
export function forgetQueuedLike(chapterUuid: string): void {
  const all = wanted();
  const others = all.filter((entry) => entry.chapter_uuid !== chapterUuid);
  if (others.length !== all.length) writeQueue(STORAGE_KEYS.likeQueue, others);
}

/** The state waiting to be sent for a chapter, if any: the reader shows it rather than the saved answer's. */
export const queuedLike = (chapterUuid: string): boolean | undefined => wanted().find((entry) => entry.chapter_uuid === chapterUuid)?.liked;

/** Everything waiting, in the order chosen (for tests). */
export const queuedLikes = (): WantedLike[] => wanted();

let flushing: Promise<void> | undefined;

/** Applies every wanted like in order; stops at the first that must be tried again (offline again). */
export function flushLikes(apply: (like: WantedLike) => Promise<LikeOutcome>): Promise<void> {
  flushing ??= (async () => {
    try {
      for (const like of wanted()) {
        if ((await apply(like)) === 'retry') return;
        writeQueue(
          STORAGE_KEYS.likeQueue,
          wanted().filter((entry) => entry.chapter_uuid !== like.chapter_uuid || entry.at !== like.at),
        );
      }
    } finally {
      flushing = undefined;
    }
  })();
  return flushing;
}
