import type { ChapterContent, PageImage } from '@inkstream/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { sendEvents } from '../../lib/api-reading';
import { announceChapterFinished } from '../../lib/chapter-finished';
import { shouldSaveData, useLighterImages } from '../../lib/data-saving';
import type { Language } from '../../lib/language';
import { markFinished } from '../../lib/progress-sync';
import { FINISH_VISIBILITY, shouldFinishReading, shouldPreloadNextChapter } from './reading-progress';
import { chapterQueryOptions } from './use-chapter-content';
import { useNearEnd } from './use-near-end';
import { useStartReading } from './use-start-reading';

/** The byte budget of a prefetch: the next chapter's content (a few KB of JSON) and its first two pages. */
export const NEXT_CHAPTER_PAGES = 2;

/**
 * Fetches a page the way its `<picture>` will ask for it: an image inside a (detached) picture
 * chooses among the picture's sources, so the AVIF or WebP variant this browser will show is the
 * one that lands in the cache, not the larger fallback.
 */
export function preloadPage(page: PageImage): HTMLImageElement {
  const picture = document.createElement('picture');
  for (const variant of page.sources ?? []) {
    const source = document.createElement('source');
    source.type = variant.type;
    source.srcset = variant.url;
    picture.append(source);
  }
  const image = new Image();
  image.decoding = 'async';
  picture.append(image);
  image.src = page.url;
  return image;
}

/**
 * Everything the reader learns from the page images of one chapter view (the component using it
 * is keyed by chapter): which pages were seen and loaded, the reading events of spec section 4,
 * and the prefetch of the next chapter. Events go out as low-priority keepalive requests and never delay images.
 */
export function usePageTracking(content: ChapterContent, language: Language, scrollRoot: RefObject<HTMLElement | null>) {
  const container = useRef<HTMLDivElement>(null);
  const [furthestSeen, setFurthestSeen] = useState(-1);
  const [loadedImages, setLoadedImages] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const [lastImageVisible, setLastImageVisible] = useState(false);
  const nearEnd = useNearEnd(scrollRoot);
  const sent = useRef({ finish: false });
  const queryClient = useQueryClient();
  const { book_uuid, chapter_uuid, next_chapter_uuid } = content;
  const totalImages = content.pages.length || content.images.length;

  useStartReading(book_uuid, chapter_uuid);

  useEffect(() => {
    const images = Array.from(container.current?.querySelectorAll<HTMLImageElement>('img[data-index]') ?? []);
    if (images.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver((entries) => {
      const indexes = entries.filter((entry) => entry.isIntersecting).map((entry) => Number((entry.target as HTMLElement).dataset.index));
      if (indexes.length > 0) setFurthestSeen((previous) => Math.max(previous, ...indexes));
    });
    const end = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= FINISH_VISIBILITY)) setLastImageVisible(true);
      },
      { threshold: FINISH_VISIBILITY },
    );
    images.forEach((image) => seen.observe(image));
    end.observe(images[images.length - 1]!);
    return () => {
      seen.disconnect();
      end.disconnect();
    };
  }, [totalImages]);

  useEffect(() => {
    if (!shouldFinishReading({ alreadySent: sent.current.finish, lastImageVisible, nearEnd, loadedImages, totalImages })) return;
    sent.current.finish = true;
    sendEvents([{ type: 'finish_reading', book_uuid, chapter_uuid }]);
    announceChapterFinished();
    markFinished(book_uuid, chapter_uuid);
  }, [lastImageVisible, nearEnd, loadedImages, totalImages, book_uuid, chapter_uuid]);

  // The next chapter's content is a small JSON: ask for it once this chapter's first page is in.
  // Nothing is fetched ahead when the reader saves data or the connection is 2G (lib/data-saving.ts).
  const hasFirstPage = loadedImages > 0 || totalImages === 0;
  const mayPrefetch = hasFirstPage && !shouldSaveData();
  const lighter = useLighterImages();
  useEffect(() => {
    if (mayPrefetch && next_chapter_uuid) void queryClient.prefetchQuery(chapterQueryOptions(next_chapter_uuid, language, lighter));
  }, [mayPrefetch, next_chapter_uuid, language, lighter, queryClient]);

  // Its first NEXT_CHAPTER_PAGES pages join the preload window when that window reaches past this
  // chapter's end, by which time this chapter's own pages have been asked for: the line is free.
  const wantsNextPages = mayPrefetch && shouldPreloadNextChapter(furthestSeen, totalImages);
  const preloaded = useRef<HTMLImageElement[]>([]);
  useEffect(() => {
    if (!wantsNextPages || !next_chapter_uuid || preloaded.current.length > 0) return;
    let cancelled = false;
    queryClient
      .fetchQuery(chapterQueryOptions(next_chapter_uuid, language, lighter))
      .then((next) => {
        if (cancelled) return;
        preloaded.current = next.pages.slice(0, NEXT_CHAPTER_PAGES).map(preloadPage);
      })
      .catch(() => undefined); // a locked or missing next chapter simply is not preloaded
    return () => {
      cancelled = true;
    };
  }, [wantsNextPages, next_chapter_uuid, language, lighter, queryClient]);

  const onImageLoad = useCallback(() => setLoadedImages((count) => count + 1), []);
  const onImageError = useCallback((index: number) => setFailed((previous) => new Set(previous).add(index)), []);
  return { container, furthestSeen, failed, onImageLoad, onImageError };
}
