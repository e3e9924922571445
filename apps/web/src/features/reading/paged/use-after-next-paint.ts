import { useEffect, useState } from 'react';

/**
 * Runs `callback` once the browser has painted the next frame (in a task after its animation frame
 * callbacks); answers a cancel. For a turn's work that is not the turn itself: React runs the
 * effects of a key press before the browser paints, so anything an effect does there delays the page.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * `value`, but changed only after the browser has painted the frame of the render that changed it.
 * The paged reader mounts the views it keeps ahead with it: a turn's own frame then only flips which
 * view is shown, and the next views' new images and layers are built in the frames after it.
 */
export function useAfterNextPaint<T>(value: T): T {
  const [later, setLater] = useState(value);
  useEffect(() => {
    if (Object.is(later, value)) return;
    return afterNextPaint(() => setLater(() => value));
  }, [value, later]);
  return later;
}
