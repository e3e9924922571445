import type { ReadingDirection } from '@inkstream/contracts';
import { swipeStep, type ChapterStep } from '../reading-navigation';

/**
 * What each key, tap and swipe means in the paged reader (issue 45; the DOM contract in
 * docs/READER-JOURNEY.md "Reading modes"). The BOOK's direction decides, never the interface's:
 * an Arabic-speaking reader of a left-to-right comic turns it like any left-to-right comic, and a
 * right-to-left manga turns from right to left in every language.
 */

/** A turn: one view forward or back, or straight to the first or last page. */
export type PageTurn = ChapterStep | 'first' | 'last';

/**
 * Left to right: ArrowRight, Page Down and Space go forward, ArrowLeft and Page Up back. Right to
 * left, the arrows are mirrored (the next page lies to the left); Page Up/Down and Space are not,
 * as they mean "forward" and "back" whatever the direction. Home and End: first and last page.
 */
export function keyTurn(key: string, direction: ReadingDirection): PageTurn | null {
  const rtl = direction === 'rtl';
  switch (key) {
    case 'ArrowRight':
      return rtl ? 'previous' : 'next';
    case 'ArrowLeft':
      return rtl ? 'next' : 'previous';
    case 'PageDown':
    case ' ':
      return 'next';
    case 'PageUp':
      return 'previous';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

export type TapZone = 'previous' | 'menu' | 'next';

/**
 * The three zones of the page, a third of its width each: the outer thirds turn, the middle one
 * shows or hides the bars. Left to right, the right third goes forward; right to left, the left.
 */
export function tapZone(x: number, width: number, direction: ReadingDirection): TapZone {
  if (width <= 0) return 'menu';
  const third = x / width < 1 / 3 ? 'left' : x / width > 2 / 3 ? 'right' : 'middle';
  if (third === 'middle') return 'menu';
  return (third === 'right') === (direction === 'ltr') ? 'next' : 'previous';
}

/**
 * A horizontal swipe, with the strip's thresholds (swipeStep): the finger drags the page the way a
 * paper page turns. Left to right, a swipe to the left brings the next page; right to left, a
 * swipe to the right does.
 */
export function swipeTurn(dx: number, dy: number, direction: ReadingDirection): ChapterStep | null {
  return swipeStep(dx, dy, direction === 'rtl');
}

/**
 * The side of the screen a turn comes from: the next page lies to the right left to right, to the
 * left right to left. A zoomed page turns only once panned to that edge (ZoomControl.canTurn).
 */
export function turnSide(step: ChapterStep, direction: ReadingDirection): 'left' | 'right' {
  return (step === 'next') === (direction === 'ltr') ? 'right' : 'left';
}
