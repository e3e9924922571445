/**
 * How a chapter's pages are grouped into views, the screens a paged reader turns through (issue 45,
 * docs/READER-JOURNEY.md "Reading modes"). Pure, so the rules are tested on their own and the
 * server's render and the browser's agree.
 *
 * - single: one page a view.
 * - double: pages in pairs, in reading order. A spread (a page wider than tall, drawn across two
 *   pages) is shown alone, and the pairs start again after it. With `coverAlone` the first page
 *   (a cover) stands alone, so the pairs after it fall as the printed book's facing pages. A last
 *   page without a partner is shown alone.
 */

export type PagedMode = 'single' | 'double';

/** What the layout needs of a page: whether it is a spread. */
export interface LayoutPage {
  spread?: boolean;
}

/** One view: the indexes (0-based) of the pages it shows, in reading order (one or two). */
export type PageView = readonly number[];

export function layoutViews(pages: readonly LayoutPage[], mode: PagedMode, coverAlone: boolean): PageView[] {
  const views: PageView[] = [];
  if (mode === 'single') {
    for (let index = 0; index < pages.length; index++) views.push([index]);
    return views;
  }
  let index = 0;
  while (index < pages.length) {
    const alone = (index === 0 && coverAlone) || pages[index]?.spread === true;
    const partner = index + 1 < pages.length && pages[index + 1]?.spread !== true;
    if (!alone && partner) {
      views.push([index, index + 1]);
      index += 2;
    } else {
      views.push([index]);
      index += 1;
    }
  }
  return views;
}

/** The view showing page `index` (0-based); an index out of range gives the nearest view. */
export function viewOfPage(views: readonly PageView[], index: number): number {
  if (views.length === 0) return 0;
  const found = views.findIndex((view) => view.includes(index));
  if (found >= 0) return found;
  return index < 0 ? 0 : views.length - 1;
}

/**
 * Two pages side by side on a phone held upright are each about a third of its height and too
 * small to read: below this width in portrait, double mode shows single pages (turning the phone
 * sideways brings the pairs back). 700 CSS px also keeps small tablets held upright (600–700 px)
 * in single pages, while a 768 px tablet upright still gets pairs.
 */
export const NARROW_PORTRAIT_MAX_WIDTH = 699;
export const NARROW_PORTRAIT_QUERY = `(orientation: portrait) and (max-width: ${NARROW_PORTRAIT_MAX_WIDTH}px)`;

/** The mode the reader lays pages out in: double falls back to single on a narrow portrait screen. */
export function effectiveMode(mode: PagedMode, isNarrowPortrait: boolean): PagedMode {
  return mode === 'double' && isNarrowPortrait ? 'single' : mode;
}

/**
 * The pages to fetch ahead of need around view `current`, nearest first: the next views, then the
 * previous one (a reader going back), at most `budget` pages in all.
 */
export function preloadPlan(views: readonly PageView[], current: number, ahead: number, behind: number, budget: number): number[] {
  const order: number[] = [];
  for (let step = 1; step <= ahead; step++) order.push(current + step);
  for (let step = 1; step <= behind; step++) order.push(current - step);
  return order
    .filter((view) => view >= 0 && view < views.length)
    .flatMap((view) => [...views[view]!])
    .slice(0, Math.max(0, budget));
}
