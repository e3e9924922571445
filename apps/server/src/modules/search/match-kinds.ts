import { FIELD } from './book-terms.js';

/**
 * How well a book matched, best first: the whole title, the start of a title, every word in a
 * title, then the author, a tag, the introduction. Books found only through a typo come after
 * every book found as typed; popularity breaks the remaining ties.
 */
export const MatchKind = { exactTitle: 0, titlePrefix: 1, titleWords: 2, author: 3, tag: 4, introduction: 5 } as const;
export const KINDS = 6;

export interface RankedMatch {
  id: number;
  kind: number;
  isFuzzy: boolean;
}

/** Bits of a book's match for one piece: found as typed in field f (bit f), through a typo (bit 4 + f). */
export const AS_TYPED = 0x0f;
export const bit = (field: number, isTypo: boolean) => 1 << (field + (isTypo ? 4 : 0));
export const TITLE = bit(FIELD.title, false) | bit(FIELD.title, true);
export const AUTHOR = bit(FIELD.author, false) | bit(FIELD.author, true);
export const TAGS = bit(FIELD.tags, false) | bit(FIELD.tags, true);

/** A list of books (places) that give a piece `bits` when a book is in it. */
export interface Stream {
  bits: number;
  list: Int32Array;
}
