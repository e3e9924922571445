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

/**
 * True when nothing should be fetched ahead of need: the browser's data saver is on, or the
 * connection is so slow (2G) that a prefetch would take the line from what the reader is looking at.
 * Browsers report no "metered" flag of their own: the data saver is how a reader on a limited plan says so.
 */
export function shouldSaveData(): boolean {
  const hints = connection();
  if (!hints) return false;
  return hints.saveData === true || hints.effectiveType === 'slow-2g' || hints.effectiveType === '2g';
}
