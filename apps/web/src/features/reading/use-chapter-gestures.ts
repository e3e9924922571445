import { useEffect, useLayoutEffect, useRef, type TouchEvent } from 'react';
import { arrowKeyStep, swipeStep, type ChapterStep } from './reading-navigation';

/** Keys typed into a field are the field's, not the reader's. */
export function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * ArrowLeft / ArrowRight move between chapters, mirrored right to left. Off (`enabled` false) in
 * the paged reader, whose keys turn pages and leave the chapter only at its ends.
 */
export function useArrowKeys(onStep: (step: ChapterStep) => void, isRtl: boolean, enabled = true): void {
  const callback = useRef(onStep);
  // Before paint, not after: a key pressed as soon as the new chapter shows must act on that chapter.
  useLayoutEffect(() => {
    callback.current = onStep;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || isTyping(event.target)) return;
      const step = arrowKeyStep(event.key, isRtl);
      if (step) callback.current(step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isRtl, enabled]);
}

/** Touch handlers for the page area: a horizontal swipe moves between chapters (see swipeStep). */
export function useSwipe(onStep: (step: ChapterStep) => void, isRtl: boolean) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      start.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchMove(event: TouchEvent) {
      // A second finger is a pinch, not a swipe.
      if (event.touches.length > 1) start.current = null;
    },
    onTouchEnd(event: TouchEvent) {
      const from = start.current;
      const touch = event.changedTouches[0];
      start.current = null;
      // When zoomed in, a horizontal move pans the zoomed page instead.
      if (!from || !touch || (window.visualViewport?.scale ?? 1) > 1.01) return;
      const step = swipeStep(touch.clientX - from.x, touch.clientY - from.y, isRtl);
      if (step) onStep(step);
    },
  };
}
