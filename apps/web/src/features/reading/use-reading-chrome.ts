import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { scrollStep, type ScrollStep } from '../../lib/hide-on-scroll';

export interface ReadingChrome {
  /** The bars step aside while the reader scrolls down, and come back on scroll up or a tap. */
  barsHidden: boolean;
  /** How far through the chapter the screen's bottom edge is, 0 to 1. */
  progress: number;
  /** A tap on the pages: shows or hides the bars. */
  onTap(target: EventTarget | null): void;
}

/** Reads the scroll of whichever element scrolls: the reader itself in fullscreen, else the window. */
function scrollTopOf(root: HTMLElement | null): number {
  return root && root.scrollTop > 0 ? root.scrollTop : window.scrollY;
}

/**
 * The reader's chrome: bars that hide while reading down (as on every comics app), a thin
 * progress line, both driven by one throttled scroll listener. The bars stay while the reader is
 * at the top of the chapter.
 */
export function useReadingChrome(
  main: RefObject<HTMLElement | null>,
  root: RefObject<HTMLElement | null>,
  chapterKey: string,
): ReadingChrome {
  const [barsHidden, setBarsHidden] = useState(false);
  const [progress, setProgress] = useState(0);
  const step = useRef<ScrollStep>({ hidden: false, lastTop: 0 });

  useEffect(() => {
    setBarsHidden(false);
    setProgress(0);
    step.current = { hidden: false, lastTop: 0 };
    let frame = 0;
    const measure = () => {
      frame = 0;
      const next = scrollStep(scrollTopOf(root.current), step.current);
      // Only a move says something: a tap may have toggled the bars since the last one.
      if (next !== step.current) setBarsHidden(next.hidden);
      step.current = next;
      const box = main.current?.getBoundingClientRect();
      if (box && box.height > 0) {
        const seen = Math.min(1, Math.max(0, (window.innerHeight - box.top) / box.height));
        setProgress(seen);
        // At the end of the chapter the bars come back: the way on is there.
        if (seen > 0.98) setBarsHidden(false);
      }
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const scroller = root.current;
    window.addEventListener('scroll', onScroll, { passive: true });
    scroller?.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      scroller?.removeEventListener('scroll', onScroll);
    };
  }, [main, root, chapterKey]);

  const onTap = useCallback((target: EventTarget | null) => {
    // Taps on links and buttons (the end card, a notice) do their own thing.
    if (target instanceof Element && target.closest('a, button, input, select, textarea, label')) return;
    setBarsHidden((hidden) => !hidden);
  }, []);

  return { barsHidden, progress, onTap };
}
