import type { ChapterContent } from '@inkstream/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { sendEvents } from '../../lib/api-reading';
import { announceChapterFinished } from '../../lib/chapter-finished';
import type { Language } from '../../lib/language';
import { markFinished } from '../../lib/progress-sync';
import { chapterQueryOptions } from './use-chapter-content';
import { useNearEnd } from './use-near-end';
import { useStartReading } from './use-start-reading';
import { shouldSaveData, useLighterImages } from '../../lib/data-saving';

/**
 * The reading events of a novel chapter view (the component using it is keyed by chapter), as
 * usePageTracking does for comics: 'start reading' once on arrival; 'finish reading' once the end
 * of the text comes into view (or the scroll fallback says the end was reached). The text arrives
 * with the chapter itself, so there is no "half the images loaded" condition. The next chapter's
 * content is fetched at once, so "next" opens without waiting.
 */
export function useTextTracking(content: ChapterContent, language: Language, scrollRoot: RefObject<HTMLElement | null>) {
  const end = useRef<HTMLDivElement>(null);
  const [endVisible, setEndVisible] = useState(false);
  const nearEnd = useNearEnd(scrollRoot);
  const sent = useRef({ finish: false });
  const queryClient = useQueryClient();
  const { book_uuid, chapter_uuid, next_chapter_uuid } = content;

  useStartReading(book_uuid, chapter_uuid);

  useEffect(() => {
    const marker = end.current;
    if (!marker || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setEndVisible(true);
    });
    observer.observe(marker);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (sent.current.finish || !(endVisible || nearEnd)) return;
    sent.current.finish = true;
    sendEvents([{ type: 'finish_reading', book_uuid, chapter_uuid }]);
    announceChapterFinished();
    markFinished(book_uuid, chapter_uuid);
  }, [endVisible, nearEnd, book_uuid, chapter_uuid]);

  // The next chapter's text, unless the reader saves data or the connection is 2G (lib/data-saving.ts).
  const lighter = useLighterImages();
  useEffect(() => {
    if (next_chapter_uuid && !shouldSaveData()) void queryClient.prefetchQuery(chapterQueryOptions(next_chapter_uuid, language, lighter));
  }, [next_chapter_uuid, language, lighter, queryClient]);

  return { end };
}
