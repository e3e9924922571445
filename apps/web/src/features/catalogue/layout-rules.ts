/** Screen-width breakpoints of spec section 2 (inclusive upper bounds), mirrored by the CSS media queries. */
export const SMALL_SCREEN_MAX = 480;
export const MEDIUM_SCREEN_MAX = 768;

/** Tag chip scroll step: 240 px, or 160 px on small screens (spec section 2). */
export function tagScrollStep(viewportWidth: number): number {
  return viewportWidth <= SMALL_SCREEN_MAX ? 160 : 240;
}

/** Grid columns: 2 up to 480 px, 3 up to 768 px, 4 above (the CSS does the layout; this sizes the eager first row). */
export function gridColumns(viewportWidth: number): number {
  if (viewportWidth <= SMALL_SCREEN_MAX) return 2;
  if (viewportWidth <= MEDIUM_SCREEN_MAX) return 3;
  return 4;
}

/** Recommended card width: 256 px above 768 px, 196 px up to 768, 148 px up to 480 (spec section 2). */
export function recommendedCardWidth(viewportWidth: number): number {
  if (viewportWidth <= SMALL_SCREEN_MAX) return 148;
  if (viewportWidth <= MEDIUM_SCREEN_MAX) return 196;
  return 256;
}

export type ScrollDirection = 'previous' | 'next';

/**
 * The horizontal scrollBy offset. In right-to-left, "next" (towards the inline end) is to the
 * left, and browsers count scrollLeft from 0 down to negative values, so the sign flips.
 */
export function scrollOffset(direction: ScrollDirection, step: number, isRtl: boolean): number {
  const forward = direction === 'next' ? step : -step;
  return isRtl ? -forward : forward;
}

/** Whether a scroller can move back or forward; |scrollLeft| makes it work in both directions. */
export function scrollEdges(scrollLeft: number, clientWidth: number, scrollWidth: number): { canPrevious: boolean; canNext: boolean } {
  const position = Math.abs(scrollLeft);
  // One pixel of slack: scroll positions are fractional on zoomed or high-density screens.
  return { canPrevious: position > 1, canNext: position + clientWidth < scrollWidth - 1 };
}

/** The recommendation carousel moves by the whole cards that fit in view, at least one. */
export function cardPageStep(clientWidth: number, cardWidth: number, gap: number): number {
  const pitch = cardWidth + gap;
  return Math.max(1, Math.floor((clientWidth + gap) / pitch)) * pitch;
}
