import { useEffect, useRef, useState } from 'react';

/** Scrolling less than this (px) says nothing about direction: a finger's jitter, an image arriving. */
const DIRECTION_SLOP = 12;
/** Near the top of the page the bars always show. */
const TOP_ZONE = 64;

export interface ScrollStep {
  hidden: boolean;
  /** The position the next step measures its direction from. */
  lastTop: number;
}

/**
 * Bars that step aside while the reader scrolls down and come back on scroll up or near the top
 * (the reader's bars and the phone header share this rule).
 */
export function scrollStep(top: number, previous: ScrollStep): ScrollStep {
  const delta = top - previous.lastTop;
  if (top < TOP_ZONE) return { hidden: false, lastTop: top };
  if (delta > DIRECTION_SLOP) return { hidden: true, lastTop: top };
  if (delta < -DIRECTION_SLOP) return { hidden: false, lastTop: top };
  return previous;
}

/**
 * Whether the window has been scrolled down (hide the bar) or back up (show it), measured once a
 * frame. `resetKey` shows the bar again, as on a new page.
 */
export function useHideOnScroll(resetKey: string): boolean {
  const [hidden, setHidden] = useState(false);
  const step = useRef<ScrollStep>({ hidden: false, lastTop: 0 });

  useEffect(() => {
    step.current = { hidden: false, lastTop: window.scrollY };
    setHidden(false);
    let frame = 0;
    const measure = () => {
      frame = 0;
      step.current = scrollStep(window.scrollY, step.current);
      setHidden(step.current.hidden);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [resetKey]);

  return hidden;
}
