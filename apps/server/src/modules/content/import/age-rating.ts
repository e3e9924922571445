import type { ContentRatingValue } from '@inkstream/contracts';

/**
 * Issue 61: a source's own age rating as one of our content ratings. ComicInfo's `AgeRating`
 * (ComicRack schema 2.0: Everyone, Teen, Mature 17+, Adults Only 18+, …) and the words an EPUB
 * may carry in a `schema:contentRating` or `contentRating` meta say the same things in several
 * schemes; Unknown and Rating Pending say nothing (null). An unknown value is the caller's warning.
 */
const RATING_OF: Record<string, ContentRatingValue | null> = {
  unknown: null,
  'rating pending': null,
  'early childhood': 'all_ages',
  everyone: 'all_ages',
  'kids to adults': 'all_ages',
  g: 'all_ages',
  'everyone 10+': 'teen',
  pg: 'teen',
  teen: 'teen',
  m: 'mature',
  'ma15+': 'mature',
  'mature 17+': 'mature',
  mature: 'mature',
  'adults only 18+': 'adult',
  'r18+': 'adult',
  'x18+': 'adult',
  adult: 'adult',
};

/** The rating a source's word says: a rating, null when it says none, undefined when the word is not known. */
export function contentRatingOf(word: string): ContentRatingValue | null | undefined {
  return RATING_OF[word.trim().toLowerCase()];
}
