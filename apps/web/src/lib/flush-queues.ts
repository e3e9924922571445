import { ApiError } from './api-fetch';
import { postEvents, readingApi } from './api-reading';
import { flushEvents } from './event-queue';
import { flushLikes, type LikeOutcome, type WantedLike } from './like-queue';
import { isOffline } from './online';
import { flushProgress } from './progress-sync';

/** A refusal that a second try would not change: the wanted like is dropped (the chapter is gone, the session ended). */
const isFinalRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/** Applies one like chosen offline with the idempotent favor / unfavor. */
export async function applyLike(like: WantedLike): Promise<LikeOutcome> {
  try {
    await (like.liked ? readingApi.favor : readingApi.unfavor)(like.book_uuid, like.chapter_uuid);
    return 'done';
  } catch (error) {
    return isFinalRefusal(error) ? 'done' : 'retry';
  }
}

/**
 * Sends what waited for a connection (issue 47): reading positions, likes, reading events. Called at
 * the app's start and on the `online` event, only when one of their storage keys says something waits.
 */
export async function flushQueues(): Promise<void> {
  if (isOffline()) return;
  await Promise.all([flushProgress(), flushLikes(applyLike), flushEvents(postEvents)]);
}
