import { DATA_SAVER_COOKIE } from '@inkstream/contracts/routes';
import { useSyncExternalStore } from 'react';
import { useRenderContext } from './render-context';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage-keys';

/**
 * What the browser tells about the reader's connection (the Network Information API, in Chromium
 * browsers; others tell nothing, and nothing is held back there).
 */
interface ConnectionHints {
  /** The reader asked the browser to save data (it also sends `Save-Data: on`). */
  saveData?: boolean;
  /** The browser's estimate from measured round trips and throughput: 'slow-2g', '2g', '3g' or '4g'. */
  effectiveType?: string;
}

const connection = (): ConnectionHints | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionHints }).connection;

// The reader's own data saver (the switch in the header's menu) is kept in this browser and sent to
// the server as DATA_SAVER_COOKIE, so the pages it renders already carry the lighter images.

const listeners = new Set<() => void>();

/** Whether the reader switched the data saver on here. */
export function isDataSaverChosen(): boolean {
  return readStorage(STORAGE_KEYS.dataSaver) === 'on';
}

/** Switches the reader's data saver on or off, here and for the pages the server renders. */
export function chooseDataSaver(on: boolean): void {
  if (on) writeStorage(STORAGE_KEYS.dataSaver, 'on');
  else removeStorage(STORAGE_KEYS.dataSaver);
  try {
    document.cookie = on
      ? `${DATA_SAVER_COOKIE.name}=on; ${DATA_SAVER_COOKIE.attributes}`
      : `${DATA_SAVER_COOKIE.name}=; Path=/; Max-Age=0; SameSite=Lax`;
  } catch {
    // cookies disabled: pages arrive with full images and this app asks for the lighter ones
  }
  listeners.forEach((listener) => listener());
}

/** Pages in their lighter variant: the reader's switch, or the browser's own data saver. */
export function wantsLighterImages(): boolean {
  return isDataSaverChosen() || connection()?.saveData === true;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * wantsLighterImages as React state: the server's choice while it renders and while the browser
 * hydrates (the render's context: each server render has its own), then the browser's, and again on each switch.
 */
export function useLighterImages(): boolean {
  const { lighterImages } = useRenderContext();
  return useSyncExternalStore(subscribe, wantsLighterImages, () => lighterImages);
}

/** The reader's switch as React state (off while hydrating: the server does not render the menu open). */
export function useDataSaverChoice(): boolean {
  return useSyncExternalStore(subscribe, isDataSaverChosen, () => false);
}

/**
 * True when nothing should be fetched ahead of need: a data saver is on (the reader's or the
 * browser's), or the connection is so slow (2G) that a prefetch would take the line from what the
 * reader is looking at. Browsers report no "metered" flag of their own: the data saver is how a
 * reader on a limited plan says so.
 */
export function shouldSaveData(): boolean {
  if (wantsLighterImages()) return true;
  const type = connection()?.effectiveType;
  return type === 'slow-2g' || type === '2g';
}
