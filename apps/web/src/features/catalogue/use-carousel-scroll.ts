import { useCallback, useEffect, useRef, useState } from 'react';
import { scrollEdges, scrollOffset, type ScrollDirection } from './layout-rules';

const isRtl = (element: HTMLElement) => getComputedStyle(element).direction === 'rtl';
const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Previous/next buttons for a horizontal scroller. `stepFor` gives the distance for the current
 * element (it may depend on the screen width); the sign follows the text direction.
 */
export function useCarouselScroll<T extends HTMLElement>(stepFor: (element: T) => number, contentKey: unknown) {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState({ canPrevious: false, canNext: false });

  const update = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const next = scrollEdges(element.scrollLeft, element.clientWidth, element.scrollWidth);
    setEdges((current) => (current.canPrevious === next.canPrevious && current.canNext === next.canNext ? current : next));
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    update();
    element.addEventListener('scroll', update, { passive: true });
    // The content width changes when cards or fonts arrive and when the window is resized.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [update, contentKey]);

  const scroll = useCallback(
    (direction: ScrollDirection) => {
      const element = ref.current;
      if (!element) return;
      const left = scrollOffset(direction, stepFor(element), isRtl(element));
      element.scrollBy({ left, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    },
    [stepFor],
  );

  return { ref, ...edges, scroll };
}
