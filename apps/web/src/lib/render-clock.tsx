import { useSyncExternalStore } from 'react';
import { useRenderContext } from './render-context';

/**
 * "Now" for what a screen shows relative to it ("3 hours ago"). A server-rendered page says what
 * was true when the server rendered it, and the browser must hydrate that same text (a different
 * one is a hydration mismatch: the server's page may have been kept for a while). So while taking
 * over a server render, React reads the server's time (getServerSnapshot); right after, and in
 * every render the browser makes alone, the browser's time (what it shows moves on every minute).
 */
const MINUTE = 60_000;
let readAt: number | null = null;
/**
 * The browser's time, read once per task: React reads a snapshot several times while rendering and
 * needs the same value each time; the next task (a later render) reads the clock again.
 */
function currentTime(): number {
  if (readAt === null) {
    readAt = Date.now();
    queueMicrotask(() => {
      readAt = null;
    });
  }
  return readAt;
}

function everyMinute(onChange: () => void): () => void {
  const timer = setInterval(onChange, MINUTE);
  return () => clearInterval(timer);
}

export function useNow(): number {
  const { renderedAt } = useRenderContext();
  return useSyncExternalStore(everyMinute, currentTime, () => renderedAt ?? currentTime());
}
