import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * Fullscreen mode of the reader: the browser's fullscreen on the reader element where the page
 * may ask for it, else an "immersive" mode (phones such as iPhone Safari only allow video
 * fullscreen) in which CSS hides the bars. Either way the screen reports one flag.
 */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [isNative, setNative] = useState(false);
  const [isImmersive, setImmersive] = useState(false);

  useEffect(() => {
    const sync = () => setNative(document.fullscreenElement != null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [target]);

  useEffect(() => {
    if (!isImmersive) return;
    // The browser's fullscreen ends with Escape by itself; the immersive mode does the same.
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setImmersive(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isImmersive]);

  const enter = useCallback(async () => {
    const element = target.current;
    if (element && document.fullscreenEnabled && typeof element.requestFullscreen === 'function') {
      try {
        await element.requestFullscreen({ navigationUI: 'hide' });
        return;
      } catch {
        // Refused (policy, no user gesture): the immersive mode still gives the reading space.
      }
    }
    setImmersive(true);
  }, [target]);

  const exit = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    setImmersive(false);
  }, []);

  const isFullscreen = isNative || isImmersive;
  const toggle = useCallback(() => (isFullscreen ? exit() : void enter()), [isFullscreen, enter, exit]);
  return { isFullscreen, isNative, toggle, exit };
}
