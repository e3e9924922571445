import { isNewSeries } from './freshness';

/** Tier label by chapter count (spec section 9), highest threshold first. */
const TIERS = [
  [500, 'hallOfFame'],
  [300, 'longMasterpiece'],
  [100, 'qualityStory'],
  [50, 'stronglyRecommended'],
  [20, 'gettingBetter'],
  [10, 'potential'],
  [5, 'readable'],
  [0, 'justStarted'],
] as const;

export type TierKey = (typeof TIERS)[number][1];

export function tierFor(chapterCount: number): TierKey {
  return TIERS.find(([threshold]) => chapterCount >= threshold)?.[1] ?? 'justStarted';
}

/** The label a card shows: the tier, except that a short book whose first chapter is old is not "New series". */
export type TierLabel = TierKey | 'underFive';

export function tierLabelFor(chapterCount: number, firstChapterAt: string | null | undefined, now: number): TierLabel {
  const tier = tierFor(chapterCount);
  return tier === 'justStarted' && !isNewSeries(firstChapterAt, now) ? 'underFive' : tier;
}
