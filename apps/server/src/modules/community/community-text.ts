import { COMMENT_BODY_MAX, ErrorCode, MARKS_PER_CHARACTER_MAX, textShapeProblem } from '@inkstream/contracts';
import { createHash } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';

/**
 * The text readers write for others (comments, reviews, report details, feed-key names, and the
 * console's word-filter entries): plain text with line breaks, never HTML. What is stored is what
 * readers see, so the rules are applied once, here, before anything is written:
 *
 * - NFC; CR LF and CR become LF; a tab becomes a space; trailing spaces of a line go; more than
 *   one empty line in a row becomes one; the whole is trimmed.
 * - Refused (400 VALIDATION_FAILED): any other C0 or C1 control character; bidirectional
 *   embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which reorder the text
 *   around them and can make a comment show something else than it says; invisible characters
 *   that hide text or smuggle it: every default-ignorable code point (zero-width space U+200B,
 *   word joiner and invisible operators U+2060–U+2064, U+FEFF, Mongolian vowel separator U+180E,
 *   the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the combining grapheme joiner, the tag
 *   characters U+E0000–U+E007F…) but those writing needs: zero-width (non-)joiners (U+200C,
 *   U+200D), the marks LRM/RLM/ALM, the soft hyphen, and the variation selectors (emoji, CJK
 *   and Mongolian variants; capped with the combining marks, below).
 * - No visible content (only spaces of any width, format and default-ignorable characters such as
 *   variation selectors, lone combining marks, the braille blank U+2800): refused. A "comment" of
 *   only RLMs, or of three braille blanks, is empty. The rule is shared with the web app
 *   (@inkstream/contracts textShapeProblem), which warns before sending.
 * - More than MARKS_PER_CHARACTER_MAX combining marks on one character ("Zalgo" text, which draws
 *   over the lines around it): refused.
 * - Longer than the limit in code points after all this: refused.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** Default-ignorable characters writing has a use for (they are kept). */
// Alternatives rather than one class: the variation selectors are marks, and a mark after another
// character in a class reads (to people and linters) as one combined character.
const NEEDED_IGNORABLE = /[\u00AD\u061C\u200C-\u200F]|[\u180B-\u180D]|\u180F|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]/u;
const INVISIBLE = new RegExp(`(?!${NEEDED_IGNORABLE.source})\\p{Default_Ignorable_Code_Point}`, 'u');
const MAX_LINES = 100;

export interface TextRules {
  /** The field named in the error's details (body, review). */
  field: string;
  maxLength: number;
}

function refuse(field: string, message: string): never {
  throw new AppError(ErrorCode.VALIDATION_FAILED, 400, message, [{ field, message }]);
}

/** The text as it will be stored, or a 400 that says what is wrong with it. */
export function cleanCommunityText(raw: string, rules: TextRules = { field: 'body', maxLength: COMMENT_BODY_MAX }): string {
  const { field } = rules;
  const text = raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (CONTROL.test(text)) refuse(field, 'The text contains control characters');
  if (BIDI_CONTROL.test(text)) refuse(field, 'The text contains bidirectional override characters');
  if (INVISIBLE.test(text)) refuse(field, 'The text contains invisible characters');
  const shape = textShapeProblem(text);
  if (shape === 'no_visible_text') refuse(field, 'The text has no visible characters');
  if (shape === 'too_many_marks') refuse(field, `A character carries more than ${MARKS_PER_CHARACTER_MAX} combining marks`);
  if ([...text].length > rules.maxLength) refuse(field, `The text is longer than ${rules.maxLength} characters`);
  if (text.split('\n').length > MAX_LINES) refuse(field, `The text has more than ${MAX_LINES} lines`);
  return text;
}

// Links: a scheme (http, https, ftp or any "x://"), "www.", or a host name ending in a common
// top-level domain ("spam.example.com/x", "bit.ly/abc"). Used to refuse links from new accounts;
// clients make only http(s) and www links clickable.
const TLDS =
  'com|net|org|info|biz|io|co|me|app|dev|xyz|top|site|online|shop|store|club|live|link|click|tv|cc|gg|ly|to|ru|cn|tk|ml|ga|cf|gq|uk|de|fr|es|jp|kr|in|br|us|eu|ws|pw|vip|win|bid|fun|icu|cyou|sbs';
const LINK = new RegExp(`(?:[a-z][a-z0-9+.-]*://|\\bwww\\.|\\b[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*\\.(?:${TLDS})\\b)`, 'iu');

export function containsLink(text: string): boolean {
  return LINK.test(text.normalize('NFKC'));
}

/** Folded for comparing: case, width and spacing do not make a repeated text new. */
export function bodyHash(text: string): string {
  const folded = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{White_Space}\p{P}\p{Cf}]+/gu, ' ')
    .trim();
  return createHash('sha256').update(folded).digest('hex');
}
