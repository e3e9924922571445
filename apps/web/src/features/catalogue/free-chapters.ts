import { DEFAULT_FREE_CHAPTERS } from '@inkstream/contracts/constants';
import type { TFunction } from '../../i18n/translator';

/**
 * "First N chapters free" (plural-aware), or "Members only" when no chapter is free; 3 when absent
 * (spec section 1). When every chapter there is falls within the free ones ("first 3" of a book of
 * 2), it says "All chapters free": a count above the book's length would promise what is not there.
 */
export function freeChaptersLabel(t: TFunction, count: number | null | undefined, chapterCount: number): string {
  const free = count ?? DEFAULT_FREE_CHAPTERS;
  if (free <= 0) return t('card.noFreeChapters');
  return chapterCount > 0 && free >= chapterCount ? t('card.allChaptersFree') : t('card.freeChapters', { count: free });
}

/** Whether a book has free chapters (its label is then "free", else "members only", in another colour). */
export const hasFreeChapters = (count: number | null | undefined) => (count ?? DEFAULT_FREE_CHAPTERS) > 0;

/** The tags a card shows: the non-empty ones, in order. */
export function presentTags(...tags: (string | null | undefined)[]): string[] {
  return tags.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '');
}
