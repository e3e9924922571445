import { useState } from 'react';
import { useBrowserValue } from '../../lib/browser-value';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

/** Text size steps of the novel reader, in percent of the base size (1.125rem, so the browser's own font size still counts). */
export const TEXT_SIZES = [85, 100, 115, 130, 150, 175] as const;
export const DEFAULT_TEXT_SIZE = 100;

/** A stored size when it is one of the steps; anything else (old, edited, missing) is the default. */
export function parseTextSize(stored: string | null): number {
  const value = Number(stored);
  return (TEXT_SIZES as readonly number[]).includes(value) ? value : DEFAULT_TEXT_SIZE;
}

/** The step `direction` steps away from `size`, held at either end. */
export function stepTextSize(size: number, direction: -1 | 1): number {
  const index = Math.max(0, (TEXT_SIZES as readonly number[]).indexOf(size));
  return TEXT_SIZES[Math.min(TEXT_SIZES.length - 1, Math.max(0, index + direction))]!;
}

/** The reader's text size, remembered in local storage for every novel and visit. */
export function useTextSize() {
  const stored = useBrowserValue(() => parseTextSize(readStorage(STORAGE_KEYS.readerTextSize)), parseTextSize(null));
  const [chosen, setChosen] = useState<number | null>(null);
  const size = chosen ?? stored;
  const step = (direction: -1 | 1) => {
    const next = stepTextSize(size, direction);
    setChosen(next);
    writeStorage(STORAGE_KEYS.readerTextSize, String(next));
  };
  return {
    size,
    canShrink: size > TEXT_SIZES[0],
    canGrow: size < TEXT_SIZES[TEXT_SIZES.length - 1]!,
    shrink: () => step(-1),
    grow: () => step(1),
  };
}
