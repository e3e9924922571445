import type { BookReadingOverride, ReadingDefaults, ReadingPreferences, ReadingPreferencesBody } from '@inkstream/contracts';
import { EMPTY_CHOICE, EMPTY_DEFAULTS, type BookChoice } from './reading-settings';

/**
 * A reader's preferences as the account keeps them (GET /user/reading_preferences) and as a
 * visitor's browser keeps them (the same shape in local storage), and the changes made to them.
 * Pure: the optimistic cache of a member and a visitor's storage follow the same rules as the server
 * (docs/API.md "Reading preferences (ext)"), so what the reader sees is what is saved.
 */

// The contract's limits (packages/contracts reading-modes.ts; preferences-state.test.ts checks they
// agree). Copied, not imported: that module builds its schemas when loaded, which would bring the
// schema library into the reading screen's code.
export const OVERRIDES_MAX = 500;
export const OVERRIDES_PER_CALL_MAX = 50;

export const EMPTY_PREFERENCES: ReadingPreferences = { defaults: EMPTY_DEFAULTS, books: [] };

/** One book's change: fields to set (null unsets one), or `clear` to forget the book's choice. */
export type BookChange = Partial<BookChoice> & { book_uuid: string; clear?: true };
/** What a PUT carries: changed defaults and books. Successive changes merge into one (mergeChanges). */
export type PreferencesChange = Omit<ReadingPreferencesBody, 'books'> & { books?: BookChange[] };

const CHOICE_FIELDS = ['mode', 'direction', 'fit', 'cover_alone'] as const;

/** The reader's choice for a book, null fields where they chose nothing. */
export function choiceOf(preferences: ReadingPreferences, bookUuid: string | undefined): BookChoice {
  const id = bookUuid?.toLowerCase();
  const entry = id ? preferences.books.find((book) => book.book_uuid.toLowerCase() === id) : undefined;
  return entry ? { mode: entry.mode, direction: entry.direction, fit: entry.fit, cover_alone: entry.cover_alone } : EMPTY_CHOICE;
}

/** `later` on top of `earlier`: one body that does what both would, in order (a clear then a choice sets only that choice). */
export function mergeChanges(earlier: PreferencesChange, later: PreferencesChange): PreferencesChange {
  const merged: PreferencesChange = {};
  if (earlier.defaults || later.defaults) merged.defaults = { ...earlier.defaults, ...later.defaults };
  if (earlier.books || later.books) {
    const books = new Map<string, BookChange>();
    for (const entry of [...(earlier.books ?? []), ...(later.books ?? [])]) {
      const id = entry.book_uuid.toLowerCase();
      const before = books.get(id);
      // The order of the map is that of first mention; the newest change goes last so it is the newest on the server too.
      books.delete(id);
      if (entry.clear || !before) books.set(id, { ...entry, book_uuid: id });
      else if (before.clear) {
        // Forgotten, then chosen again: every other field must end unset, as the clear left them.
        books.set(id, { mode: null, direction: null, fit: null, cover_alone: null, ...withoutClear(entry), book_uuid: id });
      } else books.set(id, { ...before, ...entry, book_uuid: id });
    }
    merged.books = [...books.values()];
  }
  return merged;
}

function withoutClear(entry: BookChange): Partial<BookChoice> {
  const { clear: _clear, book_uuid: _uuid, ...fields } = entry;
  return fields;
}

/**
 * The preferences after `change`, as the server would answer: defaults field by field; a changed
 * book becomes the most recent; a book whose every field ends unset (or cleared) is removed; past
 * OVERRIDES_MAX books, the least recently changed are dropped.
 */
export function applyChange(preferences: ReadingPreferences, change: PreferencesChange, now: string): ReadingPreferences {
  const defaults: ReadingDefaults = change.defaults ? { ...preferences.defaults, ...definedFields(change.defaults) } : preferences.defaults;
  let books = preferences.books;
  for (const entry of change.books ?? []) {
    const id = entry.book_uuid.toLowerCase();
    const before = books.find((book) => book.book_uuid.toLowerCase() === id);
    const rest = books.filter((book) => book !== before);
    if (entry.clear) {
      books = rest;
      continue;
    }
    const after: BookReadingOverride = {
      ...(before ?? { ...EMPTY_CHOICE, book_uuid: id }),
      ...definedFields(withoutClear(entry)),
      updated_at: now,
    };
    books = CHOICE_FIELDS.every((field) => after[field] === null) ? rest : [after, ...rest];
  }
  return { defaults, books: books.slice(0, OVERRIDES_MAX) };
}

/** Only the fields given (undefined means "leave it"). */
function definedFields<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * The body that moves a visitor's choices into the account at login: the books the account has no
 * choice for yet, the most recent first and at most one call's worth, and the defaults the account
 * has not set. Null when there is nothing to move.
 */
export function visitorHandover(visitor: ReadingPreferences, account: ReadingPreferences): PreferencesChange | null {
  const known = new Set(account.books.map((book) => book.book_uuid.toLowerCase()));
  const books = [...visitor.books]
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    .filter((book) => !known.has(book.book_uuid.toLowerCase()))
    .slice(0, OVERRIDES_PER_CALL_MAX)
    .map(({ book_uuid, mode, direction, fit, cover_alone }) => ({ book_uuid, mode, direction, fit, cover_alone }));
  const defaults = Object.fromEntries(
    Object.entries(visitor.defaults).filter(
      ([field, value]) => value !== null && account.defaults[field as keyof ReadingDefaults] === null,
    ),
  );
  const change: PreferencesChange = {};
  if (books.length > 0) change.books = books;
  if (Object.keys(defaults).length > 0) change.defaults = defaults;
  return change.books || change.defaults ? change : null;
}
