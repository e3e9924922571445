import { describe, expect, it } from 'vitest';
import { offlinePageUrl } from '../features/offline/offline-storage-names';
import { savedPageChapter, savedPagesPrefix, savedPageVerdict } from './saved-page';

// The saved chapters' rule as the worker applies it: the offline feature's expiry rule and clock.
describe('savedPageVerdict', () => {
  const saved = (readable_until: unknown) => ({ chapter_uuid: 'c', state: 'saved', readable_until });

  it('serves a saved chapter with no end, or before its end by the later of now and the latest time seen', () => {
    expect(savedPageVerdict(saved(null), 0, 1_000)).toBe('serve');
    expect(savedPageVerdict(saved(2_000), 0, 1_000)).toBe('serve');
    expect(savedPageVerdict(saved(2_000), 1_999, 1_000)).toBe('serve');
  });

  it('says expired at its end, and when a clock set back is behind the latest time seen', () => {
    expect(savedPageVerdict(saved(2_000), 0, 2_000)).toBe('expired');
    expect(savedPageVerdict(saved(2_000), 2_000, 1_000)).toBe('expired');
    expect(savedPageVerdict(saved(2_000), 5_000, 0)).toBe('expired');
  });

  it('says missing for no record, a chapter still saving, and an end that is not a time', () => {
    expect(savedPageVerdict(null, 0, 0)).toBe('missing');
    expect(savedPageVerdict(undefined, 0, 0)).toBe('missing');
    expect(savedPageVerdict({ state: 'saving', readable_until: null }, 0, 0)).toBe('missing');
    expect(savedPageVerdict(saved('2030-01-01'), 0, 0)).toBe('missing');
    expect(savedPageVerdict(saved(undefined), 0, 0)).toBe('missing');
  });

  it('takes a latest time that is not a number as none', () => {
    expect(savedPageVerdict(saved(2_000), 'later', 1_000)).toBe('serve');
  });
});

describe('saved page addresses', () => {
  it('reads the chapter of the address the app gives a saved page, and nothing else', () => {
    expect(savedPageChapter(offlinePageUrl('abc', 3))).toBe('abc');
    expect(savedPageChapter('/offline-pages/a%20b/0')).toBe('a%20b');
    expect(savedPageChapter('/offline-pages/abc')).toBeNull();
    expect(savedPageChapter('/offline-pages/abc/0/x')).toBeNull();
    expect(savedPageChapter('/offline')).toBeNull();
  });

  it('gives the prefix of one chapter’s pages as the app writes them', () => {
    expect(offlinePageUrl('abc', 3).startsWith(savedPagesPrefix('abc'))).toBe(true);
    expect(savedPagesPrefix('a b')).toBe('/offline-pages/a%20b/');
  });
});
