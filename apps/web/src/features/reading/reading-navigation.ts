import { pagePath } from '@inkstream/contracts/routes';
/** Where a gesture or key leads: the previous or the next chapter. */
export type ChapterStep = 'previous' | 'next';

/** Spec section 5: a swipe needs a horizontal move over 60 px that exceeds the vertical move. */
export const SWIPE_THRESHOLD_PX = 60;
/**
 * Stricter than "exceeds": the move must be at least twice as far sideways as up or down, so a
 * quick upward flick that drifts sideways (the usual way of scrolling a long strip) never turns
 * the chapter.
 */
export const SWIPE_MIN_RATIO = 2;

/**
 * The chapter a horizontal swipe leads to. Left to right, pages turn like a book read from the
 * left: swiping left (dx < 0) brings the next chapter. Right to left mirrors it, so swiping left
 * goes back to the previous chapter.
 */
export function swipeStep(dx: number, dy: number, isRtl: boolean): ChapterStep | null {
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) < SWIPE_MIN_RATIO * Math.abs(dy)) return null;
  const towardsEnd = dx < 0; // the finger moved toward the left edge
  return towardsEnd !== isRtl ? 'next' : 'previous';
}

/** ArrowRight is "forward" left to right and "back" right to left, like the on-screen arrows. */
export function arrowKeyStep(key: string, isRtl: boolean): ChapterStep | null {
  if (key === 'ArrowRight') return isRtl ? 'previous' : 'next';
  if (key === 'ArrowLeft') return isRtl ? 'next' : 'previous';
  return null;
}

interface Neighbours {
  chapter_number: number;
  prev_chapter_uuid: string | null;
  next_chapter_uuid: string | null;
}

/** Spec section 4: the neighbour chapter is number minus one or plus one; null at either end. */
export function neighbourPath(bookId: string, content: Neighbours, step: ChapterStep): string | null {
  const uuid = step === 'previous' ? content.prev_chapter_uuid : content.next_chapter_uuid;
  if (!uuid) return null;
  return pagePath.reading(bookId, uuid, content.chapter_number + (step === 'previous' ? -1 : 1));
}
