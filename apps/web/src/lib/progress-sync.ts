import type { ProgressEntry } from '@inkstream/contracts';
import { PROGRESS_BATCH_MAX } from '@inkstream/contracts/constants';
import { sendProgress } from './api-reading';
import { STORAGE_KEYS, writeStorage } from './storage-keys';

/**
 * Reading positions go to the server in batches: a position is kept here (the newest per chapter)
 * and sent a few seconds after the reader stops scrolling, at most every MAX_WAIT_MS while they
 * keep scrolling, and at once when the tab is hidden or closed (keepalive requests outlive the
 * page). A failed send is kept and tried again with the next one.
 */
export const DEBOUNCE_MS = 4_000;
export const MAX_WAIT_MS = 15_000;

type Position = Pick<ProgressEntry, 'page_index' | 'page_offset' | 'text_fraction'>;

const pending = new Map<string, ProgressEntry>();
let timer: ReturnType<typeof setTimeout> | undefined;
let firstQueuedAt = 0;
let isInstalled = false;
let inFlight: Promise<void> | undefined;

function install(): void {
  if (isInstalled || typeof document === 'undefined') return;
  isInstalled = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushProgress();
  });
  window.addEventListener('pagehide', () => void flushProgress());
}

function schedule(now: number): void {
  if (pending.size === 0) return;
  if (firstQueuedAt === 0) firstQueuedAt = now;
  clearTimeout(timer);
  const wait = Math.max(0, Math.min(DEBOUNCE_MS, firstQueuedAt + MAX_WAIT_MS - now));
  timer = setTimeout(() => void flushProgress(), wait);
}

/** Where the reader is now in a chapter; the newest call for a chapter replaces the older one. */
export function queueProgress(book_uuid: string, chapter_uuid: string, position: Position, now = Date.now()): void {
  install();
  const previous = pending.get(chapter_uuid);
  pending.set(chapter_uuid, {
    book_uuid,
    chapter_uuid,
    ...position,
    ...(previous?.finished ? { finished: true } : {}),
    at: new Date(now).toISOString(),
  });
  writeStorage(STORAGE_KEYS.hasProgress, '1');
  schedule(now);
}

/** The reader reached the end of a chapter: it gets its read marker. */
export function markFinished(book_uuid: string, chapter_uuid: string, now = Date.now()): void {
  install();
  const previous = pending.get(chapter_uuid);
  pending.set(chapter_uuid, { ...(previous ?? { book_uuid, chapter_uuid }), finished: true, at: new Date(now).toISOString() });
  schedule(now);
}

/** Sends everything waiting (in batches the server accepts); failures go back in the queue. */
export async function flushProgress(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  firstQueuedAt = 0;
  if (inFlight) await inFlight;
  if (pending.size === 0) return;
  const entries = [...pending.values()];
  pending.clear();
  inFlight = (async () => {
    for (let i = 0; i < entries.length; i += PROGRESS_BATCH_MAX) {
      const batch = entries.slice(i, i + PROGRESS_BATCH_MAX);
      if (await sendProgress(batch)) continue;
      // Keep what failed unless a newer position for that chapter arrived meanwhile.
      for (const entry of batch) if (!pending.has(entry.chapter_uuid)) pending.set(entry.chapter_uuid, entry);
    }
  })();
  await inFlight;
  inFlight = undefined;
  // Offline or a server hiccup: try again later rather than at every scroll.
  if (pending.size > 0 && timer === undefined) timer = setTimeout(() => void flushProgress(), MAX_WAIT_MS);
}

/** For tests: what is waiting. */
export const pendingProgress = (): ProgressEntry[] => [...pending.values()];
