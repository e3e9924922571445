import { describe, expect, it } from 'vitest';
import books from '../../i18n/locales/en-us/books.json';
import { createTranslator } from '../../i18n/translator';
import { freeChaptersLabel, hasFreeChapters } from './free-chapters';

const t = createTranslator('en-us', { books }).fixedT('books');

describe('free chapters of a book that does not say', () => {
  it('counts as the first 3 chapters free (spec section 1)', () => {
    // A book of 10 chapters, so the label is not "All chapters free".
    expect(freeChaptersLabel(t, undefined, 10)).toBe('First 3 chapters free');
    expect(freeChaptersLabel(t, null, 10)).toBe('First 3 chapters free');
    // With 3 chapters the default covers them all; with 4 it does not.
    expect(freeChaptersLabel(t, undefined, 3)).toBe('All chapters free');
    expect(freeChaptersLabel(t, undefined, 4)).toBe('First 3 chapters free');
    expect(hasFreeChapters(undefined)).toBe(true);
  });

  it('but a stated count wins, none included', () => {
    expect(freeChaptersLabel(t, 2, 10)).toBe('First 2 chapters free');
    expect(freeChaptersLabel(t, 0, 10)).toBe('Members only');
    expect(hasFreeChapters(0)).toBe(false);
  });
});
