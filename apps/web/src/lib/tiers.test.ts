import { describe, expect, it } from 'vitest';
import { tierFor, tierLabelFor } from './tiers';

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

describe('tierLabelFor', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('keeps "just started" for a short book whose first chapter is under 30 days old, else says "under 5"', () => {
    expect(tierLabelFor(2, '2026-11-24T12:00:00Z', now)).toBe('justStarted');
    expect(tierLabelFor(4, '2026-10-27T12:00:01Z', now)).toBe('justStarted'); // 29 days, 23:59:59 ago
    expect(tierLabelFor(4, '2026-10-26T12:00:00Z', now)).toBe('underFive'); // 30 days ago
    expect(tierLabelFor(2, '2024-11-25T12:00:00Z', now)).toBe('underFive');
    expect(tierLabelFor(1, null, now)).toBe('underFive');
    expect(tierLabelFor(1, undefined, now)).toBe('underFive');
  });

  it('leaves the tiers from 5 chapters up to the chapter count alone', () => {
    expect(tierLabelFor(5, '2020-01-01T00:00:00Z', now)).toBe('readable');
    expect(tierLabelFor(300, '2026-11-24T12:00:00Z', now)).toBe('longMasterpiece');
  });
});
