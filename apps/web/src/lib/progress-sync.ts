import type { ProgressEntry } from '@inkstream/contracts';
import { PROGRESS_BATCH_MAX } from '@inkstream/contracts/constants';
import { sendProgress } from './api-reading';
import { isOffline } from './online';
import { STORAGE_KEYS, writeStorage } from './storage-keys';
import { isObject, readQueue, writeQueue } from './sync-queue';

/**
 * Reading positions go to the server in batches: a position is kept here (the newest per chapter)
 * and sent a few seconds after the reader stops scrolling, at most every MAX_WAIT_MS while they
 * keep scrolling, and at once when the tab is hidden or closed (keepalive requests outlive the
 * page). A failed send is kept and tried again with the next one.
 *
 * Issue 47: what is not yet taken by the server is also kept in localStorage (written before each
 * send, so a tab closed offline or mid-send loses nothing), read back when the next page starts,
 * and sent when the connection returns. The newest position per chapter wins everywhere, and the
 * server ignores one older than what it has (`at`), so sending a kept entry again changes nothing.
 */
export const DEBOUNCE_MS = 4_000;
export const MAX_WAIT_MS = 15_000;

type Position = Pick<ProgressEntry, 'page_index' | 'page_offset' | 'text_fraction'>;

const pending = new Map<string, ProgressEntry>();
/** The entries of the send in flight: kept in storage with the pending ones until the server answered. */
let sending: ProgressEntry[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let firstQueuedAt = 0;
let isInstalled = false;
let inFlight: Promise<void> | undefined;
let observer: ((entries: ProgressEntry[]) => void) | undefined;

const optionalNumber = (value: unknown) => value === undefined || value === null || typeof value === 'number';
const isEntry = (value: unknown): value is ProgressEntry =>
  isObject(value) &&
  typeof value.book_uuid === 'string' &&
  typeof value.chapter_uuid === 'string' &&
  typeof value.at === 'string' &&
  optionalNumber(value.page_index) &&
  optionalNumber(value.page_offset) &&
  optionalNumber(value.text_fraction);

/** The newer of two entries of one chapter (ISO instants of one format compare as text). */
const newer = (a: ProgressEntry | undefined, b: ProgressEntry): boolean => !a || (a.at ?? '') <= (b.at ?? '');

function install(): void {
  if (isInstalled || typeof document === 'undefined') return;
  isInstalled = true;
  // Positions an earlier page could not send come back, unless this page has a newer one.
  for (const entry of readQueue(STORAGE_KEYS.progressQueue, isEntry)) {
    if (newer(pending.get(entry.chapter_uuid), entry)) pending.set(entry.chapter_uuid, entry);
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushProgress();
  });
  window.addEventListener('pagehide', () => void flushProgress());
  window.addEventListener('online', () => void flushProgress());
}

/** Writes what the server has not taken (in flight or waiting), the newest per chapter, to storage. */
function persist(): void {
  const unsent = new Map<string, ProgressEntry>();
  for (const entry of [...sending, ...pending.values()])
    if (newer(unsent.get(entry.chapter_uuid), entry)) unsent.set(entry.chapter_uuid, entry);
  writeQueue(STORAGE_KEYS.progressQueue, [...unsent.values()]);
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

/**
 * Told the positions of each flush before they are sent (issue 47: the chapters saved for offline
 * reading keep the reader's place with them, for the Offline screen's links). One observer.
 */
export function observeProgress(listener: ((entries: ProgressEntry[]) => void) | undefined): void {
  observer = listener;
}

/** Sends everything waiting (in batches the server accepts); failures go back in the queue. */
export async function flushProgress(): Promise<void> {
  install();
  clearTimeout(timer);
  timer = undefined;
  firstQueuedAt = 0;
  // First, synchronously: whatever happens to this page next, nothing waiting is lost.
  persist();
  if (pending.size > 0) observer?.([...pending.values()]);
  // No connection: they wait in storage for the `online` event (install) rather than fail every few seconds.
  if (isOffline()) return;
  if (inFlight) await inFlight;
  if (pending.size === 0) return;
  const entries = [...pending.values()];
  pending.clear();
  sending = entries;
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
  sending = [];
  persist();
  // Offline or a server hiccup: try again later rather than at every scroll (and at once when the connection returns).
  if (pending.size > 0 && timer === undefined) timer = setTimeout(() => void flushProgress(), MAX_WAIT_MS);
}

/** For tests: what is waiting. */
export const pendingProgress = (): ProgressEntry[] => [...pending.values()];
