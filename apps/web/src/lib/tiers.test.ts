import { describe, expect, it } from 'vitest';
import { tierFor } from './tiers';

describe('tierFor', () => {
  it.each([
    [0, 'justStarted'],
    [4, 'justStarted'],
    [5, 'readable'],
    [9, 'readable'],
    [10, 'potential'],
    [19, 'potential'],
    [20, 'gettingBetter'],
    [49, 'gettingBetter'],
    [50, 'stronglyRecommended'],
    [99, 'stronglyRecommended'],
    [100, 'qualityStory'],
    [299, 'qualityStory'],
    [300, 'longMasterpiece'],
    [499, 'longMasterpiece'],
    [500, 'hallOfFame'],
    [5000, 'hallOfFame'],
  ])('%i chapters is %s', (count, tier) => {
    expect(tierFor(count)).toBe(tier);
  });
});
