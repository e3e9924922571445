import { useEffect, useState, type RefObject } from 'react';
import { isNearEnd } from './reading-progress';

function scrollMetrics(scrollRoot: HTMLElement | null) {
  // In the browser's fullscreen the reader element itself scrolls, not the document.
  if (scrollRoot && document.fullscreenElement === scrollRoot) {
    return { scrollTop: scrollRoot.scrollTop, viewportHeight: scrollRoot.clientHeight, scrollHeight: scrollRoot.scrollHeight };
  }
  return { scrollTop: window.scrollY, viewportHeight: window.innerHeight, scrollHeight: document.documentElement.scrollHeight };
}

/**
 * The scroll fallback of the reading events: becomes true once the reader scrolled within one
 * viewport of the chapter's end (for browsers without IntersectionObserver, or a broken last image).
 */
export function useNearEnd(scrollRoot: RefObject<HTMLElement | null>): boolean {
  const [nearEnd, setNearEnd] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      if (isNearEnd(scrollMetrics(scrollRoot.current))) setNearEnd(true);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const root = scrollRoot.current;
    window.addEventListener('scroll', onScroll, { passive: true });
    root?.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      root?.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [scrollRoot]);
  return nearEnd;
}
