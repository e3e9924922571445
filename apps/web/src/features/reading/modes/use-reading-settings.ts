import type { BookReading, ReadingDefaults } from '@inkstream/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useAuth } from '../../auth';
import { preferencesQueryOptions, preferencesWriter } from './account-preferences';
import { resolveNovelSettings, type NovelSettings } from './novel-settings';
import { choiceOf, EMPTY_PREFERENCES, type PreferencesChange } from './preferences-state';
import { resolveComicSettings, type BookChoice, type ComicSettings } from './reading-settings';
import { changeVisitorPreferences, useVisitorPreferences } from './visitor-preferences';

/** What the reading screen gets: the settings that apply to this book, and the ways to change them. */
export interface ReadingSettings {
  /** Mode, direction, fit and cover alone that apply to this book now. */
  comic: ComicSettings;
  /** The novel reader's settings (the reader's defaults, for every novel), each resolved to a value. */
  novel: NovelSettings;
  /** The reader's own choices: for this book, and their defaults (null where not set). */
  choice: BookChoice;
  defaults: ReadingDefaults;
  /** False until the reader's stored choices are known (on the server and before they load): the book's own settings apply. */
  isKnown: boolean;
  /** A member's last change could not be saved (it was taken back); false again once a change is saved. */
  saveFailed: boolean;
  /** Sets fields of this book's choice (null unsets one). */
  chooseForBook(change: Partial<BookChoice>): void;
  /** Sets fields of the reader's defaults (null unsets one). */
  chooseDefaults(change: Partial<ReadingDefaults>): void;
  /** Forgets this book's choice: the book's own settings apply again. */
  resetBook(): void;
}

const noWriter = { subscribe: () => () => undefined, failed: false };

/**
 * The reader's reading settings (issue 45; docs/READER-JOURNEY.md "Reading modes"). A member's are
 * the account's (GET /user/reading_preferences, asked once a session; changes go out with PUT and
 * show at once); a visitor's stay in this browser. Until they are known, on the server and while a
 * server-rendered page is taken over, the book's own settings apply, so both render the same.
 */
export function useReadingSettings(bookUuid: string | undefined, book: BookReading | undefined): ReadingSettings {
  const { userUuid } = useAuth();
  const queryClient = useQueryClient();
  const visitor = useVisitorPreferences();
  const account = useQuery({ ...preferencesQueryOptions(queryClient, userUuid ?? ''), enabled: userUuid !== null });
  const writer = userUuid ? preferencesWriter(queryClient, userUuid) : null;
  const saveFailed = useSyncExternalStore(
    (writer ?? noWriter).subscribe,
    () => (writer ?? noWriter).failed,
    () => false,
  );

  useEffect(() => {
    if (!writer) return;
    // Leaving the reader or the page: what waits for the pause goes now.
    const flush = () => writer.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [writer]);

  const preferences = userUuid ? account.data : visitor;
  const isKnown = userUuid ? account.isSuccess || account.isError : visitor !== null;
  const change = useCallback((body: PreferencesChange) => (writer ? writer.change(body) : changeVisitorPreferences(body)), [writer]);

  return useMemo(() => {
    const known = preferences ?? EMPTY_PREFERENCES;
    const choice = choiceOf(known, bookUuid);
    const hasChoice = Object.values(choice).some((value) => value !== null);
    return {
      comic: resolveComicSettings(book, known.defaults, choice),
      novel: resolveNovelSettings(known.defaults),
      choice,
      defaults: known.defaults,
      isKnown,
      saveFailed,
      chooseForBook: (fields) => {
        if (bookUuid) change({ books: [{ ...fields, book_uuid: bookUuid }] });
      },
      chooseDefaults: (fields) => change({ defaults: fields }),
      resetBook: () => {
        if (bookUuid && hasChoice) change({ books: [{ book_uuid: bookUuid, clear: true }] });
      },
    };
  }, [preferences, bookUuid, book, isKnown, saveFailed, change]);
}
