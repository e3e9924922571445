import type { ChapterContent, ResumePoint } from '@inkstream/contracts';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { queueProgress } from '../../lib/progress-sync';
import { readPosition, scrollToPosition, type ReadingPosition } from './reading-position';
import type { SharedPlace } from './shared-place';

/** How long after a layout change (fullscreen in or out) the reader is held at its place. */
const HOLD_MS = 700;
const USER_SCROLL_EVENTS = ['wheel', 'keydown', 'touchstart', 'pointerdown'] as const;

const startOf = (content: ChapterContent): ReadingPosition =>
  content.book_type === 'novel' ? { text_fraction: 0 } : { page_index: 0, page_offset: 0 };

const positionOf = (resume: ResumePoint, content: ChapterContent): ReadingPosition =>
  content.book_type === 'novel'
    ? { text_fraction: resume.text_fraction ?? 0 }
    : { page_index: Math.min(resume.page_index ?? 0, Math.max(content.pages.length - 1, 0)), page_offset: resume.page_offset ?? 0 };

/**
 * Remembers where the reader is: the chapter is saved as opened on arrival, the position as they
 * scroll (progress-sync batches the writes). A "Continue" link's position is scrolled to once the
 * chapter is laid out (page boxes are sized before their images load, so the place is exact).
 * `keepPlace` wraps anything that changes the layout, such as fullscreen, so the reader stays on
 * the same line of the same page.
 *
 * In the paged reader (`paged`) the reader itself keeps the position (it turns, nothing scrolls);
 * `place` is what both views share, so the strip opens where the pages were when the mode changes.
 */
export function usePositionMemory(
  content: ChapterContent | undefined,
  main: RefObject<HTMLElement | null>,
  root: RefObject<HTMLElement | null>,
  resume: ResumePoint | null,
  { paged, place }: { paged: boolean; place: RefObject<SharedPlace | null> },
) {
  const last = useRef<ReadingPosition | null>(null);
  const holdUntil = useRef(0);
  const bookUuid = content?.book_uuid;
  const chapterUuid = content?.chapter_uuid;

  const hold = useCallback(
    (position: ReadingPosition | null) => {
      if (!position) return;
      holdUntil.current = performance.now() + HOLD_MS;
      // The reader's own scrolling (wheel, keys, touch) ends the hold at once: it never fights them.
      const release = () => {
        holdUntil.current = 0;
        for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, release, true);
      };
      for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, release, { capture: true, passive: true });
      const apply = () => {
        const element = main.current;
        if (!element || performance.now() > holdUntil.current) return release();
        scrollToPosition(element, root.current, position);
        requestAnimationFrame(apply);
      };
      requestAnimationFrame(apply);
    },
    [main, root],
  );

  useEffect(() => {
    if (!content || !bookUuid || !chapterUuid || paged) return;
    // Back from the paged reader in the same chapter: the page it showed. (The strip's own place
    // is not restored: the chapter's content coming again, in another text language, stays put.)
    const shared = place.current?.chapterUuid === chapterUuid && place.current.by === 'paged' ? place.current.position : null;
    const target = shared ?? (resume?.chapter_uuid === chapterUuid ? positionOf(resume, content) : null);
    last.current = target ?? startOf(content);
    place.current = { chapterUuid, position: last.current, by: 'strip' };
    queueProgress(bookUuid, chapterUuid, last.current);
    // After the reader's own "start at the top" for a new chapter.
    if (target) hold(target);

    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        // While held (a layout change settling), scroll events say nothing about the reader.
        if (performance.now() < holdUntil.current || !main.current) return;
        const position = readPosition(main.current);
        if (!position) return;
        last.current = position;
        place.current = { chapterUuid, position, by: 'strip' };
        queueProgress(bookUuid, chapterUuid, position);
      });
    };
    const scroller = root.current;
    window.addEventListener('scroll', onScroll, { passive: true });
    scroller?.addEventListener('scroll', onScroll, { passive: true });
    // Leaving fullscreen with Escape changes the layout without our button: hold the last place.
    const onFullscreenChange = () => hold(last.current);
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      scroller?.removeEventListener('scroll', onScroll);
      document.removeEventListener('fullscreenchange', onFullscreenChange);
    };
    // The position to resume is read when a chapter arrives, not each time the link state changes.
  }, [bookUuid, chapterUuid, hold, main, root, paged, place]);

  const keepPlace = useCallback(
    (change: () => void) => {
      // A paged view keeps its page through any layout change.
      if (paged) return change();
      const position = (main.current && readPosition(main.current)) ?? last.current;
      change();
      hold(position);
    },
    [hold, main, paged],
  );
  return { keepPlace };
}
