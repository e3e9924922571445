import { describe, expect, it } from 'vitest';
import { FINISH_VISIBILITY, isNearEnd, pageLoading, shouldFinishReading, shouldPreloadNextChapter } from './reading-progress';

const base = { alreadySent: false, lastImageVisible: true, nearEnd: false, loadedImages: 5, totalImages: 10 };

describe('shouldFinishReading', () => {
  it('uses 30% visibility of the last image', () => {
    expect(FINISH_VISIBILITY).toBe(0.3);
  });

  it('fires when the last image is visible and half the images loaded', () => {
    expect(shouldFinishReading(base)).toBe(true);
    expect(shouldFinishReading({ ...base, loadedImages: 10 })).toBe(true);
  });

  it('fires by the scroll fallback too', () => {
    expect(shouldFinishReading({ ...base, lastImageVisible: false, nearEnd: true })).toBe(true);
  });

  it('waits until the end is reached', () => {
    expect(shouldFinishReading({ ...base, lastImageVisible: false, nearEnd: false })).toBe(false);
  });

  it('waits until at least half the images loaded', () => {
    expect(shouldFinishReading({ ...base, loadedImages: 4 })).toBe(false);
    expect(shouldFinishReading({ ...base, loadedImages: 2, totalImages: 5 })).toBe(false);
    expect(shouldFinishReading({ ...base, loadedImages: 3, totalImages: 5 })).toBe(true);
    expect(shouldFinishReading({ ...base, loadedImages: 1, totalImages: 1 })).toBe(true);
  });

  it('fires only once', () => {
    expect(shouldFinishReading({ ...base, alreadySent: true })).toBe(false);
  });

  it('never fires for a chapter without images', () => {
    expect(shouldFinishReading({ ...base, loadedImages: 0, totalImages: 0 })).toBe(false);
  });
});

describe('isNearEnd', () => {
  it('is true within one viewport of the end', () => {
    expect(isNearEnd({ scrollTop: 1200, viewportHeight: 800, scrollHeight: 2800 })).toBe(true);
    expect(isNearEnd({ scrollTop: 2000, viewportHeight: 800, scrollHeight: 2800 })).toBe(true);
  });

  it('is false further up', () => {
    expect(isNearEnd({ scrollTop: 1199, viewportHeight: 800, scrollHeight: 2800 })).toBe(false);
    expect(isNearEnd({ scrollTop: 0, viewportHeight: 800, scrollHeight: 10_000 })).toBe(false);
  });

  it('is false before layout (no sizes yet)', () => {
    expect(isNearEnd({ scrollTop: 0, viewportHeight: 0, scrollHeight: 0 })).toBe(false);
  });
});

describe('pageLoading', () => {
  it('loads the first two pages eagerly', () => {
    expect(pageLoading(0, -1)).toBe('eager');
    expect(pageLoading(1, -1)).toBe('eager');
    expect(pageLoading(2, -1)).toBe('lazy');
    expect(pageLoading(3, -1)).toBe('lazy');
  });

  it('keeps three pages ahead of the furthest one seen preloaded', () => {
    expect(pageLoading(8, 5)).toBe('eager');
    expect(pageLoading(9, 5)).toBe('lazy');
    expect(pageLoading(3, 5)).toBe('eager'); // pages already passed stay loaded
    expect(pageLoading(3, 0)).toBe('eager'); // seeing the first page preloads pages 2 to 4
    expect(pageLoading(4, 0)).toBe('lazy');
  });
});

describe('shouldPreloadNextChapter', () => {
  it('starts once the preload window passes the last page', () => {
    expect(shouldPreloadNextChapter(5, 10)).toBe(false);
    expect(shouldPreloadNextChapter(6, 10)).toBe(true);
    expect(shouldPreloadNextChapter(0, 3)).toBe(true);
  });
});
