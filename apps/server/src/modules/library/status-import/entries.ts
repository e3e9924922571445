import type { ReadingStatus } from '@inkstream/contracts';
import { ErrorCode, STATUS_IMPORT_ENTRIES_MAX } from '@inkstream/contracts';
import { AppError, badRequest } from '../../../lib/app-error.js';

/**
 * Issue 61: one line of another site's list, as every parser hands it to the matcher: the titles
 * the site knows the series by (main title first), the status it maps to (null when the file's
 * status is not one of ours: reported `invalid`), and the site's own id for the report.
 */
export interface ImportEntry {
  sourceId: string | null;
  titles: string[];
  status: ReadingStatus | null;
  /** The status as the file wrote it, for the report of an unknown one. */
  rawStatus: string;
}

/** The refusal every parser gives for a file it cannot read: a 400 with a stable code, never a 500. */
export const unreadable = (message: string) => badRequest(ErrorCode.IMPORT_FILE_UNREADABLE, message);

export const tooLarge = (message: string) => badRequest(ErrorCode.IMPORT_FILE_TOO_LARGE, message);

/** Stops a parser as soon as the file holds more entries than one import takes. */
export function checkEntryCount(count: number): void {
  if (count > STATUS_IMPORT_ENTRIES_MAX) {
    throw new AppError(
      ErrorCode.IMPORT_TOO_MANY_ENTRIES,
      400,
      `An import takes at most ${STATUS_IMPORT_ENTRIES_MAX} entries; split the file`,
    );
  }
}

/** Titles worth matching: strings, trimmed, not blank, each once, in the order given. */
export function cleanTitles(values: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const title = value.trim();
    if (title === '' || title.length > 1000 || seen.has(title)) continue;
    seen.add(title);
    titles.push(title);
  }
  return titles;
}

/** JSON.parse with the refusal of the import rather than a SyntaxError (a 500). */
export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw unreadable(`This is not a ${what} file: it is not JSON`);
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
