import type { ChapterContent, PageImage } from '@inkstream/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { shouldSaveData, useLighterImages } from '../../../lib/data-saving';
import type { Language } from '../../../lib/language';
import { chapterQueryOptions } from '../use-chapter-content';
import { NEXT_CHAPTER_PAGES, preloadPage } from '../use-page-tracking';
import { preloadPlan, viewOfPage, type PageView } from './page-layout';
import { afterNextPaint } from './use-after-next-paint';

/** Views fetched ahead of the one shown (a reader turns forward), and behind it (one step back is common). */
export const PRELOAD_VIEWS_AHEAD = 2;
export const PRELOAD_VIEWS_BEHIND = 1;
/**
 * The byte budget of the paged reader's preloading, counted in pages: at most this many pages are
 * asked for ahead of need at any time. A comic page weighs 100–400 KB as AVIF or WebP, so six
 * pages are 1–2 MB: two double views ahead and one behind, or the next chapter's first pages near
 * the end, while a reader who stops reading has not paid for much more than they saw.
 */
export const PRELOAD_BUDGET_PAGES = 6;

/**
 * Fetches the pages around the view shown, and near the chapter's end the next chapter's content
 * and first pages (with use-page-tracking's preloadPage, so the variant the browser will show is
 * the one cached). Nothing is fetched ahead with the data saver, `Save-Data` or a 2G connection
 * (shouldSaveData); the data saver's lighter pages come with the chapter's answer, as everywhere.
 *
 * Answers the views to keep in the page, in order: the one shown and, when preloading, the views
 * the plan fetches (its next ones and the one behind, within the budget). The reader keeps them
 * mounted and painted under the shown one, so the browser has decoded their images at the size
 * they are shown before the turn: a fetched but undecoded page costs 30–90 ms of decoding on the
 * turn itself (docs/PERFORMANCE.md "Reading modes"). Only the shown view while the server's page
 * is taken over (its markup has the shown page only) and with nothing fetched ahead.
 */
export function usePagedPreload(
  content: ChapterContent,
  pages: readonly PageImage[],
  views: readonly PageView[],
  current: number,
  language: Language,
  isTakenOver: boolean,
): number[] {
  const queryClient = useQueryClient();
  // Also re-renders when the data saver is switched, so the kept views follow shouldSaveData.
  const lighter = useLighterImages();
  // The images are kept so the browser does not drop a request it started; one per page.
  const asked = useRef(new Map<string, HTMLImageElement>());
  const nextAsked = useRef(false);
  const { next_chapter_uuid } = content;

  useEffect(() => {
    if (shouldSaveData()) return;
    // After the turn's frame: starting the downloads is a few ms of the main thread the turn needs.
    return afterNextPaint(preload);
  }, [views, current, pages, next_chapter_uuid, language, lighter, queryClient]);

  function preload() {
    const plan = preloadPlan(views, current, PRELOAD_VIEWS_AHEAD, PRELOAD_VIEWS_BEHIND, PRELOAD_BUDGET_PAGES);
    for (const index of plan) {
      const page = pages[index];
      if (page && !asked.current.has(page.url)) asked.current.set(page.url, preloadPage(page));
    }
    // Near the end (the views ahead reach past it), the rest of the budget goes to the next chapter.
    const room = Math.min(NEXT_CHAPTER_PAGES, PRELOAD_BUDGET_PAGES - plan.length);
    if (!next_chapter_uuid || current + PRELOAD_VIEWS_AHEAD < views.length - 1 || room <= 0 || nextAsked.current) return;
    nextAsked.current = true;
    queryClient
      .fetchQuery(chapterQueryOptions(next_chapter_uuid, language, lighter))
      .then((next) => {
        for (const page of next.pages.slice(0, room)) if (!asked.current.has(page.url)) asked.current.set(page.url, preloadPage(page));
      })
      .catch(() => undefined); // a locked or missing next chapter simply is not preloaded
  }

  return useMemo(() => {
    if (!isTakenOver || shouldSaveData()) return [current];
    const kept = new Set([current]);
    for (const index of preloadPlan(views, current, PRELOAD_VIEWS_AHEAD, PRELOAD_VIEWS_BEHIND, PRELOAD_BUDGET_PAGES))
      kept.add(viewOfPage(views, index));
    return [...kept].sort((a, b) => a - b);
    // `lighter` is not read here: it is what shouldSaveData reads, as React state, so a switch of the data saver recomputes.
  }, [views, current, isTakenOver, lighter]);
}
