import { CONTENT_DESCRIPTORS, CONTENT_RATINGS, type ContentDescriptorValue, type ContentRatingValue } from '@inkstream/contracts';

import type { RatingPolicy } from '../settings/site-settings.service.js';

export type { RatingPolicy };

/**
 * Issue 61, the one rule of content ratings (docs/CONTENT.md "Content ratings"): which books a
 * reader is shown, shown blurred, or never meets. Every list, feed, page and content read asks
 * this file, as every paid read asks chapter-access.ts; nothing else decides it.
 *
 * The site's policy (site settings):
 * - `adult_books`: `off`, no reader meets an adult book anywhere; or `confirmed_readers`, a
 *   signed-in reader who confirmed their age in the profile is shown them.
 * - `adult_books_for_others` (with confirmed_readers): what everyone else meets of an adult book:
 *   nothing (`hidden`), or a card without its cover (`blurred`) whose book page asks them to confirm.
 * - `blur_mature_covers`: mature covers are drawn blurred for everyone who has not confirmed.
 */

/** The policy a new site starts with: all ages, teen and mature shown, adult off. */
export const DEFAULT_RATING_POLICY: RatingPolicy = { adultBooks: 'off', adultBooksForOthers: 'hidden', blurMatureCovers: false };

/**
 * What one reader (or visitor) is shown, as bit masks over the ratings: the lists filter on
 * `hidden` (a listed book is one whose bit is not set), the cards draw `blurred` ones blurred, and
 * `locked` ones (a blurred adult book) may be listed but not opened. `key` names the audience in
 * caches: two readers with the same key see the same lists.
 */
export interface Audience {
  readonly hidden: number;
  readonly blurred: number;
  readonly locked: number;
  readonly key: string;
}

const bitOf = new Map<string, number>(CONTENT_RATINGS.map((rating, index) => [rating, 1 << index]));
const ADULT = bitOf.get('adult')!;
const MATURE = bitOf.get('mature')!;

/** A rating's bit; an unknown value (a hand-edited row) counts as adult: the rule fails closed. */
export const ratingBit = (rating: string): number => bitOf.get(rating) ?? ADULT;

/** A stored rating as the API writes it; an unknown value (a hand-edited row) is adult, as ratingBit counts it. */
export const ratingOf = (stored: string): ContentRatingValue =>
  (CONTENT_RATINGS as readonly string[]).includes(stored) ? (stored as ContentRatingValue) : 'adult';

/** The audience of a reader who has (or has not) confirmed their age, under `policy`. */
export function audienceFor(policy: RatingPolicy, viewer: { ageConfirmed: boolean }): Audience {
  let hidden = 0;
  let blurred = 0;
  let locked = 0;
  if (policy.adultBooks === 'off') hidden |= ADULT;
  else if (!viewer.ageConfirmed) {
    if (policy.adultBooksForOthers === 'hidden') hidden |= ADULT;
    else {
      blurred |= ADULT;
      locked |= ADULT;
    }
  }
  if (policy.blurMatureCovers && !viewer.ageConfirmed) blurred |= MATURE;
  return { hidden, blurred, locked, key: `r${hidden}.${blurred}.${locked}` };
}

/**
 * The audience for what cannot show a blurred card (feeds for apps, sitemaps, server-rendered
 * lists for search engines): a book it may not open is not there at all.
 */
export function openOnly(audience: Audience): Audience {
  const hidden = audience.hidden | audience.locked;
  const blurred = audience.blurred & ~audience.locked;
  return { hidden, blurred, locked: 0, key: `r${hidden}.${blurred}.0` };
}

/** What the audience meets of a book rated `rating`. */
export function verdictOf(audience: Audience, rating: string): 'shown' | 'blurred' | 'locked' | 'hidden' {
  const bit = ratingBit(rating);
  if (audience.hidden & bit) return 'hidden';
  if (audience.locked & bit) return 'locked';
  if (audience.blurred & bit) return 'blurred';
  return 'shown';
}

/** Whether a book of `rating` appears in this audience's lists (shown, blurred or locked). */
export const isListedFor = (audience: Audience, rating: string): boolean => (audience.hidden & ratingBit(rating)) === 0;

/**
 * Whether any audience under any policy can be refused a book of `rating`: only an adult one (or an
 * unknown value, counted as adult). Every other book opens for everyone, so asking it needs no
 * read of the policy or of the reader.
 */
export const mayBeRefusedToSome = (rating: string): boolean => (ratingBit(rating) & ADULT) !== 0;

/** Whether this audience may open the book (its page, chapters, files): listed and not locked. */
export const mayOpen = (audience: Audience, rating: string): boolean => ((audience.hidden | audience.locked) & ratingBit(rating)) === 0;

/** The ratings this audience's lists show, for a SQL `content_rating IN (…)`. */
export const listedRatings = (audience: Audience): ContentRatingValue[] =>
  CONTENT_RATINGS.filter((rating) => isListedFor(audience, rating));

/** The ratings this audience may open, for a SQL `content_rating IN (…)` on content reads and feeds. */
export const openableRatings = (audience: Audience): ContentRatingValue[] => CONTENT_RATINGS.filter((rating) => mayOpen(audience, rating));

const descriptorBits = new Map<string, number>(CONTENT_DESCRIPTORS.map((descriptor, index) => [descriptor, 1 << index]));

/** A stored descriptor list ('violence,horror') as a bit mask; unknown words are dropped. */
export function descriptorMask(stored: string): number {
  let mask = 0;
  for (const word of stored.split(',')) mask |= descriptorBits.get(word) ?? 0;
  return mask;
}

/** Descriptors as stored: the contracts' order, comma-separated, each once. */
export const storedDescriptors = (descriptors: readonly string[]): string =>
  CONTENT_DESCRIPTORS.filter((descriptor) => descriptors.includes(descriptor)).join(',');

/** A stored descriptor list as the API's array. */
export const descriptorsOf = (stored: string): ContentDescriptorValue[] =>
  CONTENT_DESCRIPTORS.filter((descriptor) => (descriptorMask(stored) & descriptorBits.get(descriptor)!) !== 0);

/** The mask of a list of descriptor words (a filter's), or null when one is not a descriptor. */
export function maskOfWords(words: readonly string[]): number | null {
  let mask = 0;
  for (const word of words) {
    const bit = descriptorBits.get(word);
    if (bit === undefined) return null;
    mask |= bit;
  }
  return mask;
}
