/** Spec section 9: the last image counts as seen once 30% of it is visible. */
export const FINISH_VISIBILITY = 0.3;

/** Pages loaded eagerly on arrival, and how many pages ahead of the furthest one seen stay preloaded. */
export const INITIAL_EAGER_PAGES = 2;
export const PRELOAD_AHEAD = 3;

export interface ScrollMetrics {
  scrollTop: number;
  viewportHeight: number;
  scrollHeight: number;
}

/** Scroll fallback for browsers without IntersectionObserver: within one viewport of the end. */
export function isNearEnd({ scrollTop, viewportHeight, scrollHeight }: ScrollMetrics): boolean {
  if (viewportHeight <= 0 || scrollHeight <= 0) return false;
  return scrollTop + viewportHeight >= scrollHeight - viewportHeight;
}

export interface FinishState {
  alreadySent: boolean;
  lastImageVisible: boolean;
  nearEnd: boolean;
  loadedImages: number;
  totalImages: number;
}

/**
 * Spec section 4: 'finish reading' fires once, when the end was reached (last image at least 30%
 * visible, or the scroll fallback) and at least half of the images loaded, so jumping to the
 * bottom of a chapter that never loaded does not count as reading it.
 */
export function shouldFinishReading({ alreadySent, lastImageVisible, nearEnd, loadedImages, totalImages }: FinishState): boolean {
  if (alreadySent || totalImages <= 0) return false;
  if (!lastImageVisible && !nearEnd) return false;
  return loadedImages * 2 >= totalImages;
}

/**
 * Lazy loading, but never behind the reader: the first pages and the few pages after the furthest
 * one seen load eagerly (switching `loading` to eager starts the download at once). Before any
 * page was seen, `furthestSeen` is -1.
 */
export function pageLoading(index: number, furthestSeen: number): 'eager' | 'lazy' {
  if (index < INITIAL_EAGER_PAGES) return 'eager';
  return furthestSeen >= 0 && index <= furthestSeen + PRELOAD_AHEAD ? 'eager' : 'lazy';
}

/** The next chapter's first pages join the preload window once it reaches past this chapter's end. */
export function shouldPreloadNextChapter(furthestSeen: number, totalImages: number): boolean {
  return furthestSeen + PRELOAD_AHEAD >= totalImages - 1;
}
