import { DEFAULT_FREE_CHAPTERS } from '@inkstream/contracts/constants';
import type { TFunction } from '../../i18n/translator';

/** "First N chapters free" (plural-aware), or "Members only" when no chapter is free; 3 when absent (spec section 1). */
export function freeChaptersLabel(t: TFunction, count: number | null | undefined): string {
  const free = count ?? DEFAULT_FREE_CHAPTERS;
  return free > 0 ? t('card.freeChapters', { count: free }) : t('card.noFreeChapters');
}

/** Whether a book has free chapters (its label is then "free", else "members only", in another colour). */
export const hasFreeChapters = (count: number | null | undefined) => (count ?? DEFAULT_FREE_CHAPTERS) > 0;

/** The tags a card shows: the non-empty ones, in order. */
export function presentTags(...tags: (string | null | undefined)[]): string[] {
  return tags.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '');
}
