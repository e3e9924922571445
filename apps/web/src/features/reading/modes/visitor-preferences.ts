import type { BookReadingOverride, ReadingDefaults, ReadingPreferences } from '@inkstream/contracts';
import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage-keys';
import { READING_STORAGE_KEYS } from '../reading-storage-keys';
import { fontSizeFromOldPercent } from './novel-settings';
import { applyChange, EMPTY_PREFERENCES, OVERRIDES_MAX, type PreferencesChange } from './preferences-state';
import { EMPTY_DEFAULTS } from './reading-settings';

/**
 * A visitor's reading preferences, kept in this browser (nothing is stored on the server for
 * visitors) in the account's shape, so they move into the account at login as they are.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const oneOf =
  <const T extends string>(...values: readonly T[]) =>
  (value: unknown): value is T =>
    values.includes(value as T);
const isMode = oneOf('strip', 'single', 'double');
const isDirection = oneOf('ltr', 'rtl');
const isFit = oneOf('width', 'height', 'original');
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const integerIn = (min: number, max: number) => (value: unknown) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** What each field accepts, as the contract says (reading-modes.ts). */
const DEFAULT_FIELDS: { [K in keyof ReadingDefaults]: (value: unknown) => boolean } = {
  mode: isMode,
  direction: isDirection,
  fit: isFit,
  cover_alone: isBoolean,
  font_size: integerIn(12, 32),
  font_family: oneOf('serif', 'sans'),
  line_spacing: (value) =>
    typeof value === 'number' && integerIn(10, 25)(Math.round(value * 10)) && Math.abs(value * 10 - Math.round(value * 10)) < 1e-6,
  margins: integerIn(0, 64),
  theme: oneOf('system', 'light', 'sepia', 'dark'),
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseDefaults(value: unknown): ReadingDefaults {
  if (!isRecord(value)) return EMPTY_DEFAULTS;
  const entries = Object.entries(DEFAULT_FIELDS).map(([field, valid]) => [field, valid(value[field]) ? value[field] : null]);
  return Object.fromEntries(entries) as ReadingDefaults;
}

function parseBook(value: unknown): BookReadingOverride | null {
  if (!isRecord(value) || typeof value.book_uuid !== 'string' || !UUID.test(value.book_uuid)) return null;
  if (typeof value.updated_at !== 'string' || Number.isNaN(Date.parse(value.updated_at))) return null;
  const book: BookReadingOverride = {
    book_uuid: value.book_uuid.toLowerCase(),
    mode: isMode(value.mode) ? value.mode : null,
    direction: isDirection(value.direction) ? value.direction : null,
    fit: isFit(value.fit) ? value.fit : null,
    cover_alone: isBoolean(value.cover_alone) ? value.cover_alone : null,
    updated_at: value.updated_at,
  };
  return book.mode === null && book.direction === null && book.fit === null && book.cover_alone === null ? null : book;
}

/**
 * The stored preferences, whatever was stored: a field or a book that is malformed (an older
 * version, a hand edit, another site's key) is left out and the rest kept; one entry per book, the
 * most recently changed first, at most OVERRIDES_MAX.
 */
export function parseVisitorPreferences(raw: string | null): ReadingPreferences {
  if (raw === null) return EMPTY_PREFERENCES;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_PREFERENCES;
  }
  if (!isRecord(value)) return EMPTY_PREFERENCES;
  const seen = new Set<string>();
  const books = (Array.isArray(value.books) ? value.books : [])
    .map(parseBook)
    .filter((book): book is BookReadingOverride => book !== null)
    .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at))
    .filter((book) => !seen.has(book.book_uuid) && !!seen.add(book.book_uuid))
    .slice(0, OVERRIDES_MAX);
  return { defaults: parseDefaults(value.defaults), books };
}

// The store: one parsed value per stored string, so React sees the same object until it changes.
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: ReadingPreferences } | undefined;
/** What was chosen when storage refuses to keep it (disabled, full): it holds until the page closes. */
let unsaved: string | null = null;

/**
 * The text size chosen before issue 45 (a percentage under its own key) becomes the font size,
 * once: then the old key is gone.
 */
function takeOldTextSize(): void {
  const old = readStorage(STORAGE_KEYS.readerTextSize);
  if (old === null) return;
  removeStorage(STORAGE_KEYS.readerTextSize);
  const fontSize = fontSizeFromOldPercent(old);
  const stored = parseVisitorPreferences(readStorage(READING_STORAGE_KEYS.readingPreferences));
  if (fontSize !== null && stored.defaults.font_size === null)
    write(applyChange(stored, { defaults: { font_size: fontSize } }, new Date().toISOString()));
}

function write(preferences: ReadingPreferences): void {
  const raw = JSON.stringify(preferences);
  writeStorage(READING_STORAGE_KEYS.readingPreferences, raw);
  unsaved = readStorage(READING_STORAGE_KEYS.readingPreferences) === raw ? null : raw;
}

export function readVisitorPreferences(): ReadingPreferences {
  takeOldTextSize();
  const raw = readStorage(READING_STORAGE_KEYS.readingPreferences) ?? unsaved;
  if (cached?.raw !== raw) cached = { raw, value: parseVisitorPreferences(raw) };
  return cached.value;
}

export function changeVisitorPreferences(change: PreferencesChange): void {
  write(applyChange(readVisitorPreferences(), change, new Date().toISOString()));
  listeners.forEach((listener) => listener());
}

/** After the account took them (login): the visitor's choices are the account's now. */
export function forgetVisitorPreferences(): void {
  removeStorage(READING_STORAGE_KEYS.readingPreferences);
  unsaved = null;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice shows here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The visitor's preferences; null on the server and while a server-rendered page is taken over (the markup must match). */
export function useVisitorPreferences(): ReadingPreferences | null {
  return useSyncExternalStore(subscribe, readVisitorPreferences, () => null);
}
