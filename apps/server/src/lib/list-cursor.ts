import { COUNT_CAP, ErrorCode, MAX_PAGED_OFFSET } from '@inkstream/contracts';
import { AppError } from './app-error.js';

/**
 * Opaque cursors of the console's keyset lists: base64url of a small JSON array that names the
 * list, the last row's sort key, and how many rows came before the next page (only for showing
 * "51–100 of …"; the rows themselves are found by the key, never by an offset).
 */
type Part = 'int' | 'text';
type PartValue<P extends Part> = P extends 'int' ? number : string;
type Values<S extends readonly Part[]> = { [K in keyof S]: PartValue<S[K]> };

const invalidCursor = () =>
  new AppError(ErrorCode.INVALID_CURSOR, 400, 'This cursor is not one this list gave out: start again from the first page');

export function encodeCursor(list: string, key: readonly (number | string)[], position: number): string {
  return Buffer.from(JSON.stringify([list, position, ...key]), 'utf8').toString('base64url');
}

/** The key and position a cursor of `list` carries; anything else (another list's, edited, truncated) is 400 INVALID_CURSOR. */
export function decodeCursor<S extends readonly Part[]>(list: string, cursor: string, shape: S): { key: Values<S>; position: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== shape.length + 2 || parsed[0] !== list) throw invalidCursor();
  const [, position, ...key] = parsed as unknown[];
  if (!isCount(position)) throw invalidCursor();
  shape.forEach((part, index) => {
    const value = key[index];
    const fits = part === 'int' ? isCount(value) : typeof value === 'string' && value.length <= 256;
    if (!fits) throw invalidCursor();
  });
  return { key: key as Values<S>, position };
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Where a page starts: after a cursor's key, or at an offset (`page`), which is bounded so it stays cheap. */
export type PageStart<K> = { after: K; position: number } | { offset: number; position: number };

export function offsetStart(page: number, pageSize: number, cursorGiven: boolean): { offset: number; position: number } {
  const offset = page * pageSize;
  if (cursorGiven && page > 0)
    throw new AppError(ErrorCode.VALIDATION_FAILED, 400, 'Give either cursor or page, not both', [
      { field: 'page', message: 'must be 0 with a cursor' },
    ]);
  if (offset > MAX_PAGED_OFFSET)
    throw new AppError(ErrorCode.VALIDATION_FAILED, 400, `page × page_size may not pass ${MAX_PAGED_OFFSET}: follow next_cursor instead`, [
      { field: 'page', message: `page × page_size must be at most ${MAX_PAGED_OFFSET}` },
    ]);
  return { offset, position: offset };
}

/**
 * The total a keyset list answers: the rows before the page plus those counted from its start
 * (the count stops at COUNT_CAP + 1, so it costs the same however many rows match).
 */
export function cappedTotal(position: number, countedFromStart: number) {
  const lowerBound = countedFromStart > COUNT_CAP;
  return { total: position + Math.min(countedFromStart, COUNT_CAP), total_is_lower_bound: lowerBound };
}

/** The LIMIT of a capped count: one past the cap, so "more than the cap" can be told apart. */
export const COUNT_LIMIT = COUNT_CAP + 1;
