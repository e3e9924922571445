import type { ChapterDirection } from '@inkstream/contracts/constants';

export interface ChapterListState {
  direction: ChapterDirection;
  /** From 0; the address shows it from 1 (`?page=3` is the third page). */
  startPage: number;
}

const MAX_PAGE = 100_000;

/** The list's order and page from the address (`?order=desc&page=3`); anything odd means the default. */
export function chapterListState(params: URLSearchParams): ChapterListState {
  const direction: ChapterDirection = params.get('order') === 'desc' ? 'desc' : 'asc';
  const page = Number(params.get('page'));
  const startPage = Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page - 1 : 0;
  return { direction, startPage };
}
