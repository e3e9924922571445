import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { READING_STORAGE_KEYS } from '../reading-storage-keys';
import { EMPTY_PREFERENCES } from './preferences-state';
import { EMPTY_DEFAULTS } from './reading-settings';
import { changeVisitorPreferences, parseVisitorPreferences, readVisitorPreferences } from './visitor-preferences';

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

beforeEach(() => localStorage.clear());

describe("a visitor's stored preferences", () => {
  it('ignores what is not JSON, not an object, or missing', () => {
    for (const raw of [null, '', 'not json', '[]', '42', 'null', '{"books": "many"}']) {
      expect(parseVisitorPreferences(raw), String(raw)).toEqual(EMPTY_PREFERENCES);
    }
  });

  it('keeps the valid fields and books and leaves out each malformed one', () => {
    const raw = JSON.stringify({
      defaults: {
        mode: 'double',
        direction: 'up',
        fit: 'width',
        cover_alone: 'yes',
        font_size: 40,
        font_family: 'serif',
        line_spacing: 1.55,
        margins: 16,
        theme: 'sepia',
        extra: 1,
      },
      books: [
        {
          book_uuid: A.toUpperCase(),
          mode: 'single',
          direction: 'rtl',
          fit: 'huge',
          cover_alone: true,
          updated_at: '2026-02-01T00:00:00.000Z',
        },
        { book_uuid: 'not-a-uuid', mode: 'single', updated_at: '2026-02-01T00:00:00.000Z' },
        { book_uuid: B, mode: 'single', updated_at: 'yesterday' },
        { book_uuid: B, mode: 'sideways', updated_at: '2026-03-01T00:00:00.000Z' },
        'a string',
      ],
    });
    expect(parseVisitorPreferences(raw)).toEqual({
      defaults: { ...EMPTY_DEFAULTS, mode: 'double', fit: 'width', font_family: 'serif', margins: 16, theme: 'sepia' },
      books: [{ book_uuid: A, mode: 'single', direction: 'rtl', fit: null, cover_alone: true, updated_at: '2026-02-01T00:00:00.000Z' }],
    });
    expect(parseVisitorPreferences(JSON.stringify({ defaults: { line_spacing: 1.5 } })).defaults.line_spacing).toBe(1.5);
  });

  it('keeps one entry per book (the newest), most recent first, at most 500', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
    const books = [
      ...Array.from({ length: 520 }, (_, i) => ({
        book_uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        fit: 'height',
        updated_at: at(i),
      })),
      { book_uuid: A, mode: 'single', updated_at: at(1) },
      { book_uuid: A, mode: 'double', updated_at: at(900) },
    ];
    const parsed = parseVisitorPreferences(JSON.stringify({ books }));
    expect(parsed.books).toHaveLength(500);
    expect(parsed.books[0]).toMatchObject({ book_uuid: A, mode: 'double' });
    expect(parsed.books.filter((book) => book.book_uuid === A)).toHaveLength(1);
    expect(parsed.books.at(-1)!.updated_at).toBe(at(21));
  });

  it('stores a change and reads it back as the same object until the next change', () => {
    changeVisitorPreferences({ books: [{ book_uuid: A, mode: 'single' }], defaults: { theme: 'dark' } });
    const first = readVisitorPreferences();
    expect(first.defaults.theme).toBe('dark');
    expect(first.books[0]).toMatchObject({ book_uuid: A, mode: 'single' });
    expect(readVisitorPreferences()).toBe(first);
    changeVisitorPreferences({ books: [{ book_uuid: A, clear: true }] });
    expect(readVisitorPreferences().books).toEqual([]);
    expect(JSON.parse(localStorage.getItem(READING_STORAGE_KEYS.readingPreferences)!)).toMatchObject({
      defaults: { theme: 'dark' },
      books: [],
    });
  });

  it('takes the old text size percentage once, as a font size, unless one is set already', () => {
    localStorage.setItem(STORAGE_KEYS.readerTextSize, '150');
    expect(readVisitorPreferences().defaults.font_size).toBe(27);
    expect(localStorage.getItem(STORAGE_KEYS.readerTextSize)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.readerTextSize, '85');
    expect(readVisitorPreferences().defaults.font_size).toBe(27);
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.readerTextSize, '999');
    expect(readVisitorPreferences().defaults.font_size).toBeNull();
  });
});
