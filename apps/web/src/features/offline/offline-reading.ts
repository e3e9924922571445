import type { ChapterContent } from '@inkstream/contracts';
import { queuedLike } from '../../lib/like-queue';
import { effectiveNow, isExpired } from './offline-clock';
import { notifyOfflineChanged } from './offline-changes';
import { browserStorage, canSaveOffline } from './offline-db';
import { notSavedOffline, savedCopyExpired } from './offline-errors';
import { endedCopyOf } from './offline-maintenance';
import { removeSaved } from './save-chapters';
import type { EndedCopy, OfflineStorage } from './saved-chapter';

const placeOf = ({ ended_at: _at, ...place }: EndedCopy) => place;

/**
 * A chapter from its saved copy (issue 47), for the reader when there is no connection: its content,
 * with a like chosen offline shown as chosen. A copy past its end (by the effective now: the clock
 * never goes back) is deleted with its pages and answered as the membership-expired refusal; no copy
 * is the not-saved refusal.
 */
export async function savedChapterContent(chapterUuid: string, storage: OfflineStorage = browserStorage): Promise<ChapterContent> {
  // Not the storage flag: the last copy of the browser may have ended, and its note still answers here.
  if (storage === browserStorage && !canSaveOffline()) throw notSavedOffline();
  const uuid = chapterUuid.toLowerCase();
  const chapter = await storage.store.get(uuid);
  if (!chapter || chapter.state !== 'saved') {
    // A copy that ended (its end passed, or the re-check refused it) is gone, but says so.
    const ended = await storage.store.endedCopy(uuid);
    if (ended) throw savedCopyExpired(placeOf(ended));
    throw notSavedOffline();
  }
  const now = await effectiveNow(storage.store);
  if (isExpired(chapter, now)) {
    const ended = endedCopyOf(chapter, now);
    await storage.store.noteEnded([ended]);
    await removeSaved(storage, chapter);
    notifyOfflineChanged();
    throw savedCopyExpired(placeOf(ended));
  }
  const liked = queuedLike(chapter.chapter_uuid);
  const content = chapter.content;
  if (liked === undefined || liked === content.already_favor) return content;
  return { ...content, already_favor: liked, total_likes: Math.max(0, content.total_likes + (liked ? 1 : -1)) };
}
