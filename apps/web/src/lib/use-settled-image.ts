import { useEffect, useRef, type RefObject } from 'react';

interface SettledImage {
  ref: RefObject<HTMLImageElement | null>;
  onLoad(): void;
  onError(): void;
}

/**
 * An image's load and error handlers that also see what happened before React was listening.
 *
 * A server-rendered `<img>` starts loading as soon as the HTML arrives; when it fails or finishes
 * before hydration attaches the handlers, React never calls onError/onLoad (the event is gone).
 * After mount, an image that is `complete` has already settled: a natural width of 0 means it
 * failed, anything else that it loaded, and the handler is called then. An image the browser
 * rendered itself may also be complete at mount (from the memory cache) with its event still on
 * the way: the event for a source already reported is dropped, so each source settles once.
 */
export function useSettledImage(onLoad: () => void, onError: () => void): SettledImage {
  const ref = useRef<HTMLImageElement | null>(null);
  const handlers = useRef({ onLoad, onError });
  handlers.current = { onLoad, onError };
  const replayedSource = useRef<string | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || !element.complete || !element.getAttribute('src')) return;
    // Strict mode runs this twice on mount; the source counts once.
    if (replayedSource.current === element.currentSrc) return;
    replayedSource.current = element.currentSrc;
    if (element.naturalWidth === 0) handlers.current.onError();
    else handlers.current.onLoad();
  }, []);

  const settle = (handler: 'onLoad' | 'onError') => () => {
    const source = ref.current?.currentSrc ?? null;
    if (replayedSource.current !== null && replayedSource.current === source) {
      replayedSource.current = null;
      return;
    }
    replayedSource.current = null;
    handlers.current[handler]();
  };
  return { ref, onLoad: settle('onLoad'), onError: settle('onError') };
}
