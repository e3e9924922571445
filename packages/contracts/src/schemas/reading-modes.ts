import { Type, type Static } from 'typebox';
import { ClosedObject, Nullable, Result, Timestamp, Uuid } from './common.js';

/**
 * Reading modes (issue 45, docs/API.md "Reading preferences"): how a comic is laid out (one long
 * strip, single pages, double pages) and in which direction its pages turn, set per book by the
 * operator and overridden per book or by default by each reader; the novel reader's settings.
 */

export const READING_DIRECTIONS = ['ltr', 'rtl'] as const;
export const READING_MODES = ['strip', 'single', 'double'] as const;
export const READING_FITS = ['width', 'height', 'original'] as const;
export const NOVEL_FONT_FAMILIES = ['serif', 'sans'] as const;
export const NOVEL_THEMES = ['system', 'light', 'sepia', 'dark'] as const;
export type ReadingDirection = (typeof READING_DIRECTIONS)[number];
export type ReadingMode = (typeof READING_MODES)[number];
export type ReadingFit = (typeof READING_FITS)[number];

/** Book entries one PUT may carry. */
export const READING_OVERRIDES_PER_CALL_MAX = 50;
/** Book overrides kept per reader: past it, the least recently updated are dropped. */
export const READING_OVERRIDES_MAX = 500;
export const NOVEL_FONT_SIZE_MIN = 12;
export const NOVEL_FONT_SIZE_MAX = 32;
/** Line spacing, in steps of 0.1. */
export const NOVEL_LINE_SPACING_MIN = 1;
export const NOVEL_LINE_SPACING_MAX = 2.5;
/** Side margins of the text, in CSS pixels. */
export const NOVEL_MARGINS_MAX = 64;

const Direction = Type.Union([Type.Literal('ltr'), Type.Literal('rtl')], {
  description: 'ltr: pages turn left to right; rtl: right to left (manga)',
});
const Mode = Type.Union([Type.Literal('strip'), Type.Literal('single'), Type.Literal('double')], {
  description: 'strip: one long vertical strip; single: one page at a time; double: two pages side by side',
});
const Fit = Type.Union([Type.Literal('width'), Type.Literal('height'), Type.Literal('original')], {
  description: 'A page fits the screen width, its height, or shows at its own size',
});
const CoverAlone = Type.Boolean({ description: 'Double pages: the first page is shown alone, so the pairs after it fall right' });
const FontSize = Type.Integer({ minimum: NOVEL_FONT_SIZE_MIN, maximum: NOVEL_FONT_SIZE_MAX, description: 'Novels: CSS pixels' });
const FontFamily = Type.Union([Type.Literal('serif'), Type.Literal('sans')], {
  description: "Novels: serif or sans-serif; null: the reader's language's default (a CJK-friendly face for Chinese)",
});
const LineSpacing = Type.Number({
  minimum: NOVEL_LINE_SPACING_MIN,
  maximum: NOVEL_LINE_SPACING_MAX,
  description: 'Novels: line height as a multiple of the font size, in steps of 0.1',
});
const Margins = Type.Integer({ minimum: 0, maximum: NOVEL_MARGINS_MAX, description: 'Novels: side margins in CSS pixels' });
const Theme = Type.Union([Type.Literal('system'), Type.Literal('light'), Type.Literal('sepia'), Type.Literal('dark')], {
  description: "Novels: system follows the device's light or dark setting",
});

/** The operator's settings of a book: in the book detail and chapter content answers (ext). */
export const BookReading = Type.Object(
  { direction: Direction, mode: Mode },
  { description: "Ext (issue 45): the book's reading direction and default mode, as the operator set them" },
);
export type BookReading = Static<typeof BookReading>;

/** The operator's change (console PATCH /admin/books/{uuid}/reading): only the given fields. */
export const AdminBookReadingBody = ClosedObject({ direction: Type.Optional(Direction), mode: Type.Optional(Mode) }, { minProperties: 1 });
export type AdminBookReadingBody = Static<typeof AdminBookReadingBody>;

export const ReadingDefaults = Type.Object({
  mode: Nullable(Mode),
  direction: Nullable(Direction),
  fit: Nullable(Fit),
  cover_alone: Nullable(CoverAlone),
  font_size: Nullable(FontSize),
  font_family: Nullable(FontFamily),
  line_spacing: Nullable(LineSpacing),
  margins: Nullable(Margins),
  theme: Nullable(Theme),
});
export type ReadingDefaults = Static<typeof ReadingDefaults>;

export const BookReadingOverride = Type.Object({
  book_uuid: Uuid(),
  mode: Nullable(Mode),
  direction: Nullable(Direction),
  fit: Nullable(Fit),
  cover_alone: Nullable(CoverAlone),
  updated_at: Timestamp(),
});
export type BookReadingOverride = Static<typeof BookReadingOverride>;

export const ReadingPreferences = Type.Object({
  defaults: ReadingDefaults,
  books: Type.Array(BookReadingOverride, { description: 'Per-book choices of published books, most recently changed first' }),
});
export type ReadingPreferences = Static<typeof ReadingPreferences>;
export const ReadingPreferencesResponse = Result(ReadingPreferences);

/** Each field: a value sets it, null unsets it, absent leaves it. */
export const ReadingDefaultsBody = ClosedObject({
  mode: Type.Optional(Nullable(Mode)),
  direction: Type.Optional(Nullable(Direction)),
  fit: Type.Optional(Nullable(Fit)),
  cover_alone: Type.Optional(Nullable(CoverAlone)),
  font_size: Type.Optional(Nullable(FontSize)),
  font_family: Type.Optional(Nullable(FontFamily)),
  line_spacing: Type.Optional(Nullable(LineSpacing)),
  margins: Type.Optional(Nullable(Margins)),
  theme: Type.Optional(Nullable(Theme)),
});
export type ReadingDefaultsBody = Static<typeof ReadingDefaultsBody>;

/** One book's choice: fields as in `defaults`; `clear: true` (alone) removes the book's override. */
export const BookReadingOverrideBody = ClosedObject({
  book_uuid: Uuid(),
  mode: Type.Optional(Nullable(Mode)),
  direction: Type.Optional(Nullable(Direction)),
  fit: Type.Optional(Nullable(Fit)),
  cover_alone: Type.Optional(Nullable(CoverAlone)),
  clear: Type.Optional(Type.Literal(true, { description: 'Removes the override: the book follows its own settings again' })),
});
export type BookReadingOverrideBody = Static<typeof BookReadingOverrideBody>;

export const ReadingPreferencesBody = ClosedObject({
  defaults: Type.Optional(ReadingDefaultsBody),
  books: Type.Optional(Type.Array(BookReadingOverrideBody, { maxItems: READING_OVERRIDES_PER_CALL_MAX })),
});
export type ReadingPreferencesBody = Static<typeof ReadingPreferencesBody>;
