import { pagePath } from '@inkstream/contracts/routes';
import { useEffect, useState } from 'react';
import { chapterListState, type ChapterListState } from './chapter-list-state';

/**
 * The chapter list's order and page as the reader last left them, for this tab (session storage),
 * so the reader's back arrow returns to that list as the browser's Back does, even after moving on
 * through several chapters. One book is kept: the one being read.
 */
const KEY = 'inkstream-chapter-list';

export function chapterListPath(bookId: string, state: ChapterListState = { direction: 'asc', startPage: 0 }): string {
  const base = pagePath.book(bookId);
  if (state.direction === 'asc' && state.startPage === 0) return base;
  return `${base}?${new URLSearchParams({ order: state.direction, page: String(state.startPage + 1) })}`;
}

export function rememberChapterList(bookId: string, state: ChapterListState): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ book: bookId.toLowerCase(), order: state.direction, page: state.startPage + 1 }));
  } catch {
    // Storage disabled: the arrow then opens the list at its start.
  }
}

/** The list of this book as last seen in this tab (read back through chapterListState, so nothing odd gets in). */
export function rememberedChapterList(bookId: string): string {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as { book?: unknown; order?: unknown; page?: unknown } | null;
    if (stored?.book !== bookId.toLowerCase()) return chapterListPath(bookId);
    return chapterListPath(bookId, chapterListState(new URLSearchParams({ order: String(stored.order), page: String(stored.page) })));
  } catch {
    return chapterListPath(bookId);
  }
}

/**
 * The back arrow's target. The server renders (and the first client render hydrates) the plain
 * list path; the remembered one replaces it once mounted.
 */
export function useChapterListPath(bookId: string): string {
  const [path, setPath] = useState(() => chapterListPath(bookId));
  useEffect(() => setPath(rememberedChapterList(bookId)), [bookId]);
  return path;
}
