import type { ChapterDirection } from '@inkstream/contracts/constants';

/** Chapter list page size (spec section 9). */
export const CHAPTER_PAGE_SIZE = 10;

/**
 * Spec section 4: hasMore is true when a page returned at least the page size, false when the
 * result is null (a failed or empty answer); a short page is the last one.
 */
export function hasMoreChapters(result: readonly unknown[] | null | undefined, pageSize: number = CHAPTER_PAGE_SIZE): boolean {
  if (!result) return false;
  return result.length >= pageSize;
}

export function pageCount(totalChapters: number, pageSize: number = CHAPTER_PAGE_SIZE): number {
  return Math.max(0, Math.ceil(totalChapters / pageSize));
}

/** The page-jump selector only appears when the book has more chapters than one page (spec section 2). */
export function showsPageJump(totalChapters: number, pageSize: number = CHAPTER_PAGE_SIZE): boolean {
  return totalChapters > pageSize;
}

export interface PageRange {
  page: number;
  from: number;
  to: number;
}

/**
 * Options of the page-jump selector: "(1 - 10)", "(11 - 20)" … by position in the book. Newest
 * first lists the last chapters on page 0, so its ranges count down ("(120 - 111)") and each label
 * names the chapters the page really holds.
 */
export function pageRanges(totalChapters: number, direction: ChapterDirection, pageSize: number = CHAPTER_PAGE_SIZE): PageRange[] {
  return Array.from({ length: pageCount(totalChapters, pageSize) }, (_, page) => {
    const first = page * pageSize + 1;
    const last = Math.min(totalChapters, (page + 1) * pageSize);
    return direction === 'asc' ? { page, from: first, to: last } : { page, from: totalChapters - first + 1, to: totalChapters - last + 1 };
  });
}
