import { useEffect, useRef, useState } from 'react';

/**
 * Whether the observed element is on screen (or within `margin` of it). The state stays true
 * while it remains visible, so a caller can keep loading pages until the element is pushed off.
 */
export function useNearViewport<T extends Element>(margin = '0px') {
  const ref = useRef<T>(null);
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((entry) => entry.isIntersecting)), { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin]);
  return { ref, isNear };
}
