import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

/*
 * Tells the screens that saved chapters changed (a save, a deletion, a re-check), so the saved marks
 * and the Offline screen read the records again. A counter, part of their query keys.
 */
let version = 0;
const listeners = new Set<() => void>();

export function notifyOfflineChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useOfflineVersion = (): number =>
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );

/*
 * Which screen's save run is on (or finished and not yet dismissed), told by save-run.ts, so a
 * button loads the progress panel (and the saving code with it) only once a run exists.
 */
let runOrigin: string | null = null;

export function noteSaveRun(origin: string | null): void {
  if (origin === runOrigin) return;
  runOrigin = origin;
  for (const listener of listeners) listener();
}

export const useSaveRunOrigin = (): string | null =>
  useSyncExternalStore(
    subscribe,
    () => runOrigin,
    () => null,
  );

/**
 * The flag the app's start reads before it loads any offline code (start-offline.ts): set before
 * the first record is written, removed once none is left.
 */
export const hasSavedChapters = (): boolean => readStorage(STORAGE_KEYS.offlineSaved) === '1';
export const markSavedChapters = (any: boolean): void =>
  any ? writeStorage(STORAGE_KEYS.offlineSaved, '1') : removeStorage(STORAGE_KEYS.offlineSaved);
