import type { ProgressEntry } from '@inkstream/contracts';

/** A place in a chapter: page and how far down it (comics), or how far through the text (novels). */
export type ReadingPosition = Pick<ProgressEntry, 'page_index' | 'page_offset' | 'text_fraction'>;

/** Marks the element that holds a novel chapter's text (ChapterText). */
export const TEXT_ATTRIBUTE = 'data-reading-text';

const clamp01 = (value: number) => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Where the top of the screen is in the chapter. Measured against the viewport, so it is the same
 * whether the window scrolls or the reader element does (fullscreen).
 */
export function readPosition(main: HTMLElement): ReadingPosition | null {
  const text = main.querySelector<HTMLElement>(`[${TEXT_ATTRIBUTE}]`);
  if (text) {
    const box = text.getBoundingClientRect();
    return box.height > 0 ? { text_fraction: round(clamp01(-box.top / box.height)) } : null;
  }
  const pages = main.querySelectorAll<HTMLElement>('img[data-index]');
  if (pages.length === 0) return null;
  for (const page of pages) {
    const box = page.getBoundingClientRect();
    if (box.bottom > 0) {
      return { page_index: Number(page.dataset.index), page_offset: box.height > 0 ? round(clamp01(-box.top / box.height)) : 0 };
    }
  }
  return { page_index: pages.length - 1, page_offset: 1 };
}

/** How far a position is from the top of the screen now, in pixels (0 when it cannot be found). */
function distanceTo(main: HTMLElement, position: ReadingPosition): number {
  if (position.text_fraction !== undefined && position.text_fraction !== null) {
    const text = main.querySelector<HTMLElement>(`[${TEXT_ATTRIBUTE}]`);
    if (!text) return 0;
    const box = text.getBoundingClientRect();
    return box.top + clamp01(position.text_fraction) * box.height;
  }
  const page = main.querySelector<HTMLElement>(`img[data-index="${position.page_index ?? 0}"]`);
  if (!page) return 0;
  const box = page.getBoundingClientRect();
  return box.top + clamp01(position.page_offset ?? 0) * box.height;
}

/**
 * Brings a position to the top of the screen, scrolling whichever element scrolls: the reader
 * itself in fullscreen, the window otherwise.
 */
export function scrollToPosition(main: HTMLElement, root: HTMLElement | null, position: ReadingPosition): void {
  const delta = Math.round(distanceTo(main, position));
  if (delta === 0) return;
  const before = root?.scrollTop ?? 0;
  if (root) root.scrollTop += delta;
  if (!root || root.scrollTop === before) window.scrollBy(0, delta);
}
