import { effectiveNow, isExpired } from './offline-clock';
import { checkChapters, readableUntilOf, removeSaved, type SaveDeps } from './save-chapters';
import type { EndedCopy, OfflineStorage, SavedChapter } from './saved-chapter';

/** How long the reader keeps saying why a copy that ended does not open (then a chapter not saved is just that). */
export const ENDED_KEPT_MS = 90 * 24 * 60 * 60_000;

/** The note an ended copy leaves: its place in its book, from its saved answer. */
export function endedCopyOf(chapter: SavedChapter, at: number): EndedCopy {
  const { content } = chapter;
  return {
    chapter_uuid: chapter.chapter_uuid,
    book_uuid: chapter.book_uuid,
    book_type: chapter.book_type,
    chapter_number: chapter.chapter_number,
    chapter_title: chapter.chapter_title,
    title: chapter.book_title,
    prev_chapter_uuid: content.prev_chapter_uuid,
    next_chapter_uuid: content.next_chapter_uuid,
    ended_at: at,
  };
}

/**
 * Keeping the saved chapters true (issue 47): what the app does at its start, when the connection
 * returns and at logout. Every step may run twice or in two tabs (the service worker deletes expired
 * chapters too): deleting what is gone already is no error.
 */

/** Deletes these chapters' records and pages. */
export async function removeChapters(storage: OfflineStorage, chapters: readonly Pick<SavedChapter, 'chapter_uuid' | 'page_count'>[]) {
  for (const chapter of chapters) await removeSaved(storage, chapter);
}

/**
 * Records a closed tab or a lost connection left 'saving': finished by `finish` (a save again from
 * the start, which itself deletes the copy if it fails) when online, else deleted with their pages.
 * Returns how many were left.
 */
export async function settleInterrupted(
  storage: OfflineStorage,
  online: boolean,
  finish: (chapters: SavedChapter[]) => Promise<void>,
): Promise<number> {
  const interrupted = (await storage.store.all()).filter((chapter) => chapter.state === 'saving');
  if (interrupted.length === 0) return 0;
  if (online) {
    try {
      await finish(interrupted);
    } catch {
      // whatever could not be finished is deleted below
    }
  }
  for (const chapter of interrupted) {
    const now = await storage.store.get(chapter.chapter_uuid);
    if (now?.state === 'saving') await removeSaved(storage, now);
  }
  return interrupted.length;
}

/** Deletes the chapters whose end has passed by the effective now (the clock never goes back). */
export async function dropExpired(storage: OfflineStorage, now: number): Promise<number> {
  const at = await effectiveNow(storage.store, now);
  const expired = (await storage.store.all()).filter((chapter) => chapter.state === 'saved' && isExpired(chapter, at));
  await storage.store.noteEnded(expired.map((chapter) => endedCopyOf(chapter, at)));
  await removeChapters(storage, expired);
  return expired.length;
}

/** Pages in the cache that no record owns (a deletion cut short between the record and its pages). */
export async function dropOrphanPages(storage: OfflineStorage): Promise<void> {
  const owned = new Set((await storage.store.all()).map((chapter) => chapter.chapter_uuid));
  for (const [chapterUuid, pageCount] of await storage.pages.stored()) {
    if (!owned.has(chapterUuid)) await storage.pages.removeChapter(chapterUuid, pageCount);
  }
}

/** At logout: the next account may have no right to what this one saved; free chapters stay. */
export async function forgetPaidChapters(storage: OfflineStorage): Promise<number> {
  const paid = (await storage.store.all()).filter((chapter) => chapter.access !== 'free');
  await removeChapters(storage, paid);
  return paid.length;
}

/**
 * Asks the server about saved chapters (all of them, or only those not free) and applies its answer:
 * each readable one takes the server's access and end (whatever is stored, a tampered date too, is
 * replaced), each no longer readable (missing, members_only, expired, early_access: a free chapter
 * that became members-only among them) is deleted with its pages. Chapters the answer does not name
 * are left as they are.
 */
export async function recheckSaved(
  storage: OfflineStorage,
  check: SaveDeps['check'],
  { now, onlyPaid }: { now: number; onlyPaid: boolean },
): Promise<{ kept: number; removed: number }> {
  const saved = (await storage.store.all()).filter((chapter) => chapter.state === 'saved' && (!onlyPaid || chapter.access !== 'free'));
  if (saved.length === 0) return { kept: 0, removed: 0 };
  const { answers, checkedAt } = await checkChapters(
    check,
    saved.map((chapter) => chapter.chapter_uuid),
  );
  // The server's time is a floor for the clock too.
  const at = await effectiveNow(storage.store, Math.max(now, checkedAt));
  let kept = 0;
  let removed = 0;
  for (const chapter of saved) {
    const answer = answers.get(chapter.chapter_uuid.toLowerCase());
    if (!answer) continue;
    if (!answer.readable) {
      // A refused copy (the membership ended or was revoked, a refund, early access) still says why it does not open.
      if (answer.access !== 'missing') await storage.store.noteEnded([endedCopyOf(chapter, at)]);
      await removeSaved(storage, chapter);
      removed += 1;
      continue;
    }
    // Re-read: the reader may have deleted it meanwhile, or the position moved.
    const current = await storage.store.get(chapter.chapter_uuid);
    if (!current) continue;
    await storage.store.put({ ...current, access: answer.access, readable_until: readableUntilOf(answer), checked_at: at });
    kept += 1;
  }
  return { kept, removed };
}
