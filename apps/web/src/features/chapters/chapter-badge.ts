import type { ChapterItem, OfflineChapterCheck } from '@inkstream/contracts';

/** A book's coin prices as the list needs them (GET /user/book/unlocks); which chapters the reader holds is the access answer's. */
export interface ChapterCoins {
  price: number | null;
  chapterPrices: Record<string, number>;
}

/**
 * The mark a chapter card carries, from the server's answer for this reader (use-chapter-access.ts),
 * never from the browser's own idea of membership or unlocks (issue 56):
 * - `free`: open to everyone; `unlocked`: the reader holds it (coins, a free unlock, a gift);
 * - `price`: locked, and coins open it (the amount); `membersOnly`: locked, a membership opens it;
 * - `earlyAccess`: locked by early access (coins open it; the card says until when);
 * - null: readable as a member or administrator, or not known yet (only the public facts show then).
 */
export type ChapterBadge =
  | { kind: 'free' | 'unlocked' | 'membersOnly' | 'earlyAccess' }
  | { kind: 'price'; price: number }
  // Issue 59: read by a rental, until the server's end of it.
  | { kind: 'rented'; until: string }
  | null;

const priceOf = (chapterUuid: string, coins: ChapterCoins | undefined): number | null =>
  coins ? (coins.chapterPrices[chapterUuid] ?? coins.price) : null;

export function chapterBadgeOf(
  chapter: ChapterItem,
  access: OfflineChapterCheck | undefined,
  coins: ChapterCoins | undefined,
): ChapterBadge {
  // Before the reader's answer: what is true for everyone (the public list says it).
  if (!access) return chapter.is_free ? { kind: 'free' } : null;
  const price = priceOf(chapter.chapter_uuid, coins);
  switch (access.access) {
    case 'free':
      return { kind: 'free' };
    case 'granted':
      return access.readable_until !== null ? { kind: 'rented', until: access.readable_until } : { kind: 'unlocked' };
    case 'member':
    case 'admin':
    case 'missing':
      return null;
    case 'early_access':
      return price === null ? { kind: 'earlyAccess' } : { kind: 'price', price };
    case 'members_only':
    case 'expired':
      return price === null ? { kind: 'membersOnly' } : { kind: 'price', price };
  }
}

/**
 * Whether the card offers saving for offline (issue 47): only a chapter the server says this reader
 * may read now; a refused one would only be refused again by the save's own check.
 */
export const mayTryToSave = (access: OfflineChapterCheck | undefined): boolean => access?.readable === true;
