import { RATING_CARD_MIN_COUNT } from '@inkstream/contracts/constants';
import { formatCount } from '@inkstream/contracts/formats';
import { htmlLang, type Language } from '../../lib/language';

/**
 * A rating out of 10 to one decimal with the reader's language's decimal sign ("7.5", "7,5",
 * "7٫5"), in Latin digits as every other figure of the site.
 */
export function formatRating(value: number, language: Language): string {
  return new Intl.NumberFormat(htmlLang(language), { minimumFractionDigits: 1, maximumFractionDigits: 1, numberingSystem: 'latn' }).format(
    value,
  );
}

/** A whole number (a score, a count): the site's one count formatter. */
export { formatCount };

/** Cards show the average once a book has enough ratings (the server sends null below that too). */
export function cardRating(book: { rating_average?: number | null; rating_count?: number }): number | null {
  const count = book.rating_count ?? 0;
  if (count < RATING_CARD_MIN_COUNT || book.rating_average === null || book.rating_average === undefined) return null;
  return book.rating_average;
}

/** Each score's share of the ratings, 0 to 100, for the distribution bars. */
export function distributionShares(distribution: readonly number[]): number[] {
  const total = distribution.reduce((sum, n) => sum + n, 0);
  return distribution.map((n) => (total === 0 ? 0 : Math.round((n / total) * 100)));
}

/** A count written short as the language writes it ("1.2K", "1.2万", "1,2 k"): a rating count beside the score on a card. */
export function formatShortCount(value: number, language: Language): string {
  return new Intl.NumberFormat(htmlLang(language), { notation: 'compact', maximumFractionDigits: 1, numberingSystem: 'latn' }).format(
    value,
  );
}
