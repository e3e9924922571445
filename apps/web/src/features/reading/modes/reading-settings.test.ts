import { describe, expect, it } from 'vitest';
import { EMPTY_CHOICE, EMPTY_DEFAULTS, resolveComicSettings } from './reading-settings';

const manga = { direction: 'rtl', mode: 'single' } as const;
const webtoon = { direction: 'ltr', mode: 'strip' } as const;

describe('resolveComicSettings', () => {
  it('follows the book when the reader chose nothing', () => {
    // Pages are shown whole (fit height) unless the reader says otherwise.
    expect(resolveComicSettings(manga)).toEqual({ mode: 'single', direction: 'rtl', fit: 'height', coverAlone: false });
    expect(resolveComicSettings(undefined)).toEqual({ mode: 'strip', direction: 'ltr', fit: 'height', coverAlone: false });
  });

  it("uses the reader's default mode for paged books only, never for a webtoon strip", () => {
    const defaults = { ...EMPTY_DEFAULTS, mode: 'double' as const };
    expect(resolveComicSettings(manga, defaults).mode).toBe('double');
    expect(resolveComicSettings(webtoon, defaults).mode).toBe('strip');
    expect(resolveComicSettings(manga, { ...EMPTY_DEFAULTS, mode: 'strip' }).mode).toBe('strip');
  });

  it("never turns the book's direction around from a personal default", () => {
    expect(resolveComicSettings(manga, { ...EMPTY_DEFAULTS, direction: 'ltr' }).direction).toBe('rtl');
  });

  it("puts the reader's choice for the book first, field by field", () => {
    const choice = { ...EMPTY_CHOICE, mode: 'single' as const, direction: 'ltr' as const };
    const defaults = { ...EMPTY_DEFAULTS, mode: 'double' as const, fit: 'height' as const, cover_alone: true };
    expect(resolveComicSettings(webtoon, defaults, choice)).toEqual({ mode: 'single', direction: 'ltr', fit: 'height', coverAlone: true });
    expect(resolveComicSettings(manga, defaults, { ...EMPTY_CHOICE, fit: 'original', cover_alone: false })).toEqual({
      mode: 'double',
      direction: 'rtl',
      fit: 'original',
      coverAlone: false,
    });
  });
});
