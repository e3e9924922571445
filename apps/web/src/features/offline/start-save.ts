import type { SaveChoice } from './save-run';

/** Starts a save run, loading the saving code on the first press (it is never part of a page's first load). */
export const startSave = (origin: string, choice: SaveChoice, form: { language: string; lighter: boolean }): Promise<void> =>
  import('./save-run').then((run) => run.startSaving(origin, choice, form));

/** Where a run shows its progress: the book page, or the reader's end-of-chapter card. */
export const BOOK_ORIGIN = 'book';
export const END_ORIGIN = 'end';
