import type { ReadingDefaults } from '@inkstream/contracts';

/**
 * The novel reader's settings (issue 45): the reader's defaults, for every novel. Each unset field
 * is the site's: the text as it always was (18 px, lines 1.8 apart, 20 px margins, the system's
 * light or dark scheme, the interface's font, CJK-friendly for Chinese).
 */

export type NovelFontFamily = 'serif' | 'sans';
export type NovelTheme = 'system' | 'light' | 'sepia' | 'dark';

export interface NovelSettings {
  /** CSS pixels at the browser's default text size (applied in rem, so the browser's own size still counts). */
  fontSize: number;
  /** Null: the default face of the text's language. */
  fontFamily: NovelFontFamily | null;
  /** Line height, a multiple of the font size. */
  lineSpacing: number;
  /** Side margins of the text, CSS pixels. */
  margins: number;
  theme: NovelTheme;
}

export const NOVEL_DEFAULTS: NovelSettings = { fontSize: 18, fontFamily: null, lineSpacing: 1.8, margins: 20, theme: 'system' };

/** Text size steps of the size buttons, in CSS px (the contract allows 12 to 32). */
export const FONT_SIZES = [12, 14, 16, 18, 20, 22, 24, 28, 32] as const;
export const LINE_SPACING_RANGE = { min: 1, max: 2.5, step: 0.1 } as const;
export const MARGINS_RANGE = { min: 0, max: 64, step: 4 } as const;

export function resolveNovelSettings(defaults: ReadingDefaults): NovelSettings {
  return {
    fontSize: defaults.font_size ?? NOVEL_DEFAULTS.fontSize,
    fontFamily: defaults.font_family,
    lineSpacing: defaults.line_spacing ?? NOVEL_DEFAULTS.lineSpacing,
    margins: defaults.margins ?? NOVEL_DEFAULTS.margins,
    theme: defaults.theme ?? NOVEL_DEFAULTS.theme,
  };
}

/** The next step up or down from `size` (which may sit between steps), held at either end. */
export function stepFontSize(size: number, direction: -1 | 1): number {
  const next = direction > 0 ? FONT_SIZES.find((step) => step > size) : [...FONT_SIZES].reverse().find((step) => step < size);
  return next ?? size;
}

/**
 * The old text size (a percentage of 18 px kept under `reader-text-size`: 85, 100, 115, 130, 150
 * or 175) as a font size in px; null when there is none or it is not one of those.
 */
export function fontSizeFromOldPercent(stored: string | null): number | null {
  const percent = Number(stored);
  if (stored === null || ![85, 100, 115, 130, 150, 175].includes(percent)) return null;
  return Math.min(32, Math.round((NOVEL_DEFAULTS.fontSize * percent) / 100));
}
