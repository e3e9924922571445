import type { ProgressEntry } from '@inkstream/contracts';
import { flushQueues } from '../../lib/flush-queues';
import { isOffline } from '../../lib/online';
import { observeProgress } from '../../lib/progress-sync';
import { readStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { browserDeps } from './browser-deps';
import { markSavedChapters, notifyOfflineChanged } from './offline-changes';
import { effectiveNow } from './offline-clock';
import { browserStorage, canSaveOffline } from './offline-db';
import { dropExpired, dropOrphanPages, ENDED_KEPT_MS, recheckSaved, settleInterrupted } from './offline-maintenance';
import { saveChapters } from './save-chapters';
import { withSaveLock } from './save-lock';
import type { OfflineStorage, SavedChapter } from './saved-chapter';

/** Free chapters are asked about again at most once a day (a free chapter rarely stops being free); paid ones at every online start. */
export const FREE_CHECK_EVERY_MS = 24 * 60 * 60_000;
export const FREE_CHECKED_AT = 'free-checked-at';

let running: Promise<void> | undefined;

/**
 * What the app does at its start and whenever the connection returns (issue 47), loaded only when
 * start-offline.ts found something waiting: the queues are sent, the clock moves on, saves a closed
 * tab interrupted are finished (online) or deleted, expired copies go, and online the server's
 * answer about every saved paid chapter is applied. Runs once at a time.
 */
export function offlineStart(): Promise<void> {
  running ??= work().finally(() => {
    running = undefined;
  });
  return running;
}

async function work(): Promise<void> {
  const hasSaved = readStorage(STORAGE_KEYS.offlineSaved) !== null && canSaveOffline();
  // First: the positions the queue sends (kept by a page closed while reading) are kept with their saved chapters too.
  if (hasSaved) observeProgress(rememberPositions);
  const queues = flushQueues().catch(() => undefined);
  if (hasSaved) await maintain(browserStorage, !isOffline()).catch((error: unknown) => console.error('offline upkeep failed', error));
  await queues;
}

/** What the screens show of the records: a change of it is told to them, nothing else is. */
const shownState = (chapters: readonly SavedChapter[]) =>
  chapters
    .map((chapter) => `${chapter.chapter_uuid}:${chapter.state}:${chapter.access}:${chapter.readable_until}`)
    .sort()
    .join();

/** The upkeep of the saved chapters, in order (exported for the Offline screen, which runs it before it shows them). */
export async function maintain(storage: OfflineStorage, online: boolean): Promise<void> {
  const now = Date.now();
  const before = shownState(await storage.store.all());
  await effectiveNow(storage.store, now);
  await withSaveLock(() => settleInterrupted(storage, online, finishInterrupted));
  await dropExpired(storage, now);
  if (online) {
    const lastFreeCheck = await storage.store.readMeta(FREE_CHECKED_AT);
    const onlyPaid = lastFreeCheck !== undefined && now - lastFreeCheck < FREE_CHECK_EVERY_MS;
    try {
      await recheckSaved(storage, browserDeps.check, { now, onlyPaid });
      if (!onlyPaid) await storage.store.writeMeta(FREE_CHECKED_AT, now);
    } catch {
      // Offline again, or the server could not answer: the next start or `online` asks again.
    }
  }
  await dropOrphanPages(storage).catch(() => undefined);
  await storage.store.forgetEnded({ before: now - ENDED_KEPT_MS });
  const after = await storage.store.all();
  markSavedChapters(after.length > 0);
  if (shownState(after) !== before) notifyOfflineChanged();
}

/** Saves again, from the start, the chapters a closed tab left half saved, book by book. */
async function finishInterrupted(chapters: SavedChapter[]): Promise<void> {
  const groups = new Map<string, SavedChapter[]>();
  for (const chapter of chapters) {
    const key = `${chapter.book_uuid} ${chapter.language} ${chapter.lighter}`;
    groups.set(key, [...(groups.get(key) ?? []), chapter]);
  }
  for (const group of groups.values()) {
    const first = group[0]!;
    await saveChapters(browserDeps, {
      book: { book_uuid: first.book_uuid, title: first.book_title, book_type: first.book_type, cover_image: first.cover_image },
      chapters: group.map((chapter) => ({
        chapter_uuid: chapter.chapter_uuid,
        chapter_number: chapter.chapter_number,
        title: chapter.chapter_title,
      })),
      language: first.language,
      lighter: first.lighter,
    });
  }
}

/** The reader's place in a saved chapter, kept with it: the Offline screen's links open there. */
export function rememberPositions(entries: ProgressEntry[]): void {
  void (async () => {
    let changed = false;
    for (const entry of entries) {
      const chapter = await browserStorage.store.get(entry.chapter_uuid);
      if (chapter?.state !== 'saved') continue;
      const { page_index, page_offset, text_fraction } = entry;
      await browserStorage.store.put({ ...chapter, position: { page_index, page_offset, text_fraction } });
      changed = true;
    }
    if (changed) notifyOfflineChanged();
  })().catch(() => undefined);
}
