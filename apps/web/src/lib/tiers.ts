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
