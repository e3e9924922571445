import type { BookReading, ReadingDefaults } from '@inkstream/contracts';
import { EMPTY_CHOICE, EMPTY_DEFAULTS, resolveComicSettings, type BookChoice, type ComicSettings } from './reading-settings';

/** What the reading screen gets: the settings that apply to this book, and the ways to change them. */
export interface ReadingSettings {
  /** Mode, direction, fit and cover alone that apply to this book now. */
  comic: ComicSettings;
  /** The reader's own choices: for this book, and their defaults (null where not set). */
  choice: BookChoice;
  defaults: ReadingDefaults;
  /** False until the reader's stored choices are known (on the server and before they load): the book's own settings apply. */
  isKnown: boolean;
  /** Sets fields of this book's choice (null unsets one). */
  chooseForBook(change: Partial<BookChoice>): void;
  /** Sets fields of the reader's defaults (null unsets one). */
  chooseDefaults(change: Partial<ReadingDefaults>): void;
  /** Forgets this book's choice: the book's own settings apply again. */
  resetBook(): void;
}

/**
 * STUB (issue 45 foundation): the book's own settings, nothing remembered. Replaced by the real
 * hook (account preferences for members, local storage for visitors).
 */
export function useReadingSettings(_bookUuid: string | undefined, book: BookReading | undefined): ReadingSettings {
  return {
    comic: resolveComicSettings(book),
    choice: EMPTY_CHOICE,
    defaults: EMPTY_DEFAULTS,
    isKnown: false,
    chooseForBook: () => undefined,
    chooseDefaults: () => undefined,
    resetBook: () => undefined,
  };
}
