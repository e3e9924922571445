import { READING_OVERRIDES_MAX, READING_OVERRIDES_PER_CALL_MAX, type BookReadingOverride } from '@inkstream/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyChange,
  choiceOf,
  EMPTY_PREFERENCES,
  mergeChanges,
  OVERRIDES_MAX,
  OVERRIDES_PER_CALL_MAX,
  visitorHandover,
} from './preferences-state';
import { EMPTY_DEFAULTS } from './reading-settings';

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const NOW = '2026-03-01T10:00:00.000Z';
const book = (book_uuid: string, fields: Partial<BookReadingOverride> = {}): BookReadingOverride => ({
  book_uuid,
  mode: null,
  direction: null,
  fit: null,
  cover_alone: null,
  updated_at: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('reading preferences, as the server keeps them', () => {
  it('has the limits of the contract', () => {
    expect(OVERRIDES_MAX).toBe(READING_OVERRIDES_MAX);
    expect(OVERRIDES_PER_CALL_MAX).toBe(READING_OVERRIDES_PER_CALL_MAX);
  });

  it('sets and unsets defaults field by field, leaving the others', () => {
    const once = applyChange(EMPTY_PREFERENCES, { defaults: { theme: 'sepia', font_size: 20 } }, NOW);
    const twice = applyChange(once, { defaults: { font_size: null, margins: 32 } }, NOW);
    expect(twice.defaults).toEqual({ ...EMPTY_DEFAULTS, theme: 'sepia', margins: 32 });
  });

  it("puts a changed book first, removes it when every field ends unset or it is cleared, and finds a book's choice whatever its case", () => {
    const start = { defaults: EMPTY_DEFAULTS, books: [book(A, { mode: 'double' }), book(B, { fit: 'height' })] };
    const changed = applyChange(start, { books: [{ book_uuid: B.toUpperCase(), direction: 'rtl' }] }, NOW);
    expect(changed.books.map((entry) => entry.book_uuid)).toEqual([B, A]);
    expect(changed.books[0]).toEqual(book(B, { fit: 'height', direction: 'rtl', updated_at: NOW }));
    expect(choiceOf(changed, B.toUpperCase())).toEqual({ mode: null, direction: 'rtl', fit: 'height', cover_alone: null });
    expect(applyChange(changed, { books: [{ book_uuid: A, mode: null }] }, NOW).books.map((entry) => entry.book_uuid)).toEqual([B]);
    expect(applyChange(changed, { books: [{ book_uuid: B, clear: true }] }, NOW).books.map((entry) => entry.book_uuid)).toEqual([A]);
    expect(choiceOf(EMPTY_PREFERENCES, A)).toEqual({ mode: null, direction: null, fit: null, cover_alone: null });
  });

  it('keeps at most 500 books, dropping the least recently changed', () => {
    const full = { defaults: EMPTY_DEFAULTS, books: Array.from({ length: OVERRIDES_MAX }, (_, i) => book(uuid(i), { mode: 'single' })) };
    const after = applyChange(full, { books: [{ book_uuid: A, mode: 'double' }] }, NOW);
    expect(after.books).toHaveLength(OVERRIDES_MAX);
    expect(after.books[0]!.book_uuid).toBe(A);
    expect(after.books.some((entry) => entry.book_uuid === uuid(OVERRIDES_MAX - 1))).toBe(false);
  });
});

describe('mergeChanges', () => {
  it('makes one body of quick successive changes, the later winning field by field', () => {
    const merged = mergeChanges(
      { defaults: { line_spacing: 1.5 }, books: [{ book_uuid: A, mode: 'single' }] },
      {
        defaults: { line_spacing: 1.6, theme: 'dark' },
        books: [
          { book_uuid: A, direction: 'rtl' },
          { book_uuid: B, fit: 'width' },
        ],
      },
    );
    expect(merged).toEqual({
      defaults: { line_spacing: 1.6, theme: 'dark' },
      books: [
        { book_uuid: A, mode: 'single', direction: 'rtl' },
        { book_uuid: B, fit: 'width' },
      ],
    });
  });

  it('turns "forget, then choose" into a choice with every other field unset, and "choose, then forget" into a clear', () => {
    const chosenAgain = mergeChanges({ books: [{ book_uuid: A, clear: true }] }, { books: [{ book_uuid: A, mode: 'double' }] });
    expect(chosenAgain.books).toEqual([{ book_uuid: A, mode: 'double', direction: null, fit: null, cover_alone: null }]);
    const forgotten = mergeChanges({ books: [{ book_uuid: A, mode: 'double' }] }, { books: [{ book_uuid: A, clear: true }] });
    expect(forgotten.books).toEqual([{ book_uuid: A, clear: true }]);
    // Applied, both end as the separate changes would have.
    const start = { defaults: EMPTY_DEFAULTS, books: [book(A, { fit: 'original' })] };
    expect(choiceOf(applyChange(start, chosenAgain, NOW), A)).toEqual({ mode: 'double', direction: null, fit: null, cover_alone: null });
  });
});

describe('visitorHandover (login)', () => {
  it("moves the visitor's books the account does not have, the 50 most recent, and the defaults the account has not set", () => {
    const visitorBooks = Array.from({ length: 60 }, (_, i) =>
      book(uuid(i), { mode: 'single', updated_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }),
    );
    const visitor = { defaults: { ...EMPTY_DEFAULTS, theme: 'sepia' as const, font_size: 22 }, books: visitorBooks };
    const account = { defaults: { ...EMPTY_DEFAULTS, font_size: 16 }, books: [book(uuid(59), { mode: 'double' })] };
    const change = visitorHandover(visitor, account)!;
    expect(change.defaults).toEqual({ theme: 'sepia' });
    expect(change.books).toHaveLength(OVERRIDES_PER_CALL_MAX);
    // The account's own choice for book 59 stays; the newest others come first.
    expect(change.books![0]).toEqual({ book_uuid: uuid(58), mode: 'single', direction: null, fit: null, cover_alone: null });
    expect(change.books!.some((entry) => entry.book_uuid === uuid(59))).toBe(false);
    expect(change.books!.at(-1)!.book_uuid).toBe(uuid(9));
  });

  it('has nothing to move when the visitor chose nothing new', () => {
    expect(visitorHandover(EMPTY_PREFERENCES, EMPTY_PREFERENCES)).toBeNull();
  });
});

function uuid(i: number): string {
  return `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
}
