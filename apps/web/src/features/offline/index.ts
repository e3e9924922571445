// The offline feature's public face (issue 47): what the chapter list, the reader and the session use.
// Light on purpose: the saving code, the storage and the screens load only when used.
export { BookSaveMenu } from './BookSaveMenu';
export { isOfflineError, OFFLINE_ERROR } from './offline-errors';
export { SaveChapterButton } from './SaveChapterButton';
export { SaveNextChapters } from './SaveNextChapters';
export type { SaveBook } from './save-chapters';
export { useSavedChapters } from './use-saved-chapters';

/** A chapter from its saved copy, for the reader without a connection (offline-reading.ts). */
export const readSavedChapter = (chapterUuid: string) =>
  import('./offline-reading').then((reading) => reading.savedChapterContent(chapterUuid));
