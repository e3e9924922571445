/**
 * Whether saving should be confirmed first (issue 47): the reader asked the browser to save data,
 * or the connection is a mobile one or slow (2G), where a few hundred megabytes cost money or
 * hours. From the Network Information API (Chromium browsers); others tell nothing, and nothing is asked there.
 */
export interface ConnectionHints {
  saveData?: boolean;
  /** 'cellular', 'wifi', 'ethernet', … (Chromium on Android). */
  type?: string;
  /** 'slow-2g', '2g', '3g' or '4g', from measured round trips. */
  effectiveType?: string;
}

export function isMeteredConnection(connection: ConnectionHints | undefined): boolean {
  if (!connection) return false;
  return (
    connection.saveData === true ||
    connection.type === 'cellular' ||
    connection.effectiveType === '2g' ||
    connection.effectiveType === 'slow-2g'
  );
}

export const browserConnection = (): ConnectionHints | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionHints }).connection;
