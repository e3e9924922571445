import { describe, expect, it } from 'vitest';
import books from '../../i18n/locales/en-us/books.json';
import { createTranslator } from '../../i18n/translator';
import { freeChaptersLabel, hasFreeChapters } from './free-chapters';

const t = createTranslator('en-us', { books }).fixedT('books');

describe('free chapters of a book that does not say', () => {
  it('counts as the first 3 chapters free (spec section 1)', () => {
    expect(freeChaptersLabel(t, undefined)).toBe('First 3 chapters free');
    expect(freeChaptersLabel(t, null)).toBe('First 3 chapters free');
    expect(hasFreeChapters(undefined)).toBe(true);
  });

  it('but a stated count wins, none included', () => {
    expect(freeChaptersLabel(t, 2)).toBe('First 2 chapters free');
    expect(freeChaptersLabel(t, 0)).toBe('Members only');
    expect(hasFreeChapters(0)).toBe(false);
  });
});
