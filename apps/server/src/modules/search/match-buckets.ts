import { AS_TYPED, AUTHOR, KINDS, MatchKind, TAGS, TITLE, type RankedMatch, type Stream } from './match-kinds.js';
import { QUERY_LIMITS, type ParsedQuery } from './search-query.js';

/**
 * A matched book goes in one of 2 × KINDS buckets (typo or not × the kind of match), numbered 1
 * (an exact title as typed) to 2 × KINDS; each bucket fills in popularity order, so reading them
 * in turn lists the matches best first.
 */

/** The kind of match: every piece in the title, else the fields some piece matched (`any`: their bits). */
function kindOf(forms: readonly string[], query: ParsedQuery, isTitleInEvery: boolean, any: number): number {
  if (isTitleInEvery) {
    if (forms.some((form) => form === query.folded || form === query.compact)) return MatchKind.exactTitle;
    if (forms.some((form) => form.startsWith(query.folded) || form.startsWith(query.compact))) return MatchKind.titlePrefix;
    return MatchKind.titleWords;
  }
  if ((any & AUTHOR) !== 0) return MatchKind.author;
  if ((any & TAGS) !== 0) return MatchKind.tag;
  return MatchKind.introduction;
}

/**
 * The bucket of a book that every piece matched (`bits`: per piece; `forms`: its title forms),
 * 1 to 2 × KINDS; 0 when a piece did not match.
 */
export function bucketOf(forms: readonly string[], query: ParsedQuery, bits: ArrayLike<number>): number {
  let isTitleInEvery = true;
  let isAsTyped = true;
  let any = 0;
  for (let p = 0; p < bits.length; p += 1) {
    const b = bits[p]!;
    if (b === 0) return 0;
    // Per piece, the title as typed or through a typo both count as "in the title".
    if ((b & TITLE) === 0) isTitleInEvery = false;
    if ((b & AS_TYPED) === 0) isAsTyped = false;
    any |= b;
  }
  return 1 + (isAsTyped ? 0 : KINDS) + kindOf(forms, query, isTitleInEvery, any);
}

/**
 * The best bucket a book at or after each place can reach with these pieces: the walk stops once
 * the books it holds in that bucket and better ones are enough. A book is of the two best kinds
 * only if its title is or starts with the query (`last`: past which no title does).
 */
export function bestBuckets(pieces: Stream[][], last: { exact: number; prefix: number }): (place: number) => number {
  const has = (piece: Stream[], mask: number) => piece.some((stream) => (stream.bits & mask) !== 0);
  const fuzzy = pieces.every((piece) => has(piece, AS_TYPED)) ? 0 : KINDS;
  let other: number = MatchKind.introduction;
  if (pieces.some((piece) => has(piece, AUTHOR))) other = MatchKind.author;
  else if (pieces.some((piece) => has(piece, TAGS))) other = MatchKind.tag;
  if (!pieces.every((piece) => has(piece, TITLE))) return () => 1 + fuzzy + other;
  return (place) =>
    1 + fuzzy + (place <= last.exact ? MatchKind.exactTitle : place <= last.prefix ? MatchKind.titlePrefix : MatchKind.titleWords);
}

/** Empty buckets, indexed 1 to 2 × KINDS (0 unused). */
export const emptyBuckets = (): number[][] => Array.from({ length: 2 * KINDS + 1 }, () => []);

/** Books every piece matched, in buckets, each bucket in popularity order: at most QUERY_LIMITS.candidates in all, best first. */
export function rankedFrom(buckets: number[][], bookAt: Int32Array): RankedMatch[] {
  const out: RankedMatch[] = [];
  for (let bucket = 1; bucket <= 2 * KINDS && out.length < QUERY_LIMITS.candidates; bucket += 1) {
    for (const place of buckets[bucket]!) {
      if (out.length >= QUERY_LIMITS.candidates) break;
      out.push({ id: bookAt[place]!, kind: (bucket - 1) % KINDS, isFuzzy: bucket > KINDS });
    }
  }
  return out;
}
