import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `onVisible` whenever the element comes within `rootMargin` of the viewport while
 * `enabled`: the sentinel of an infinite list. The callback is read from a ref so a new function
 * each render does not recreate the observer.
 */
export function useOnVisible(target: RefObject<Element | null>, onVisible: () => void, enabled: boolean, rootMargin = '300px'): void {
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, enabled, rootMargin]);
}
