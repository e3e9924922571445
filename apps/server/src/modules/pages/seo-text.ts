import { decodeHTML } from 'entities/decode';

/** Text helpers for what goes into the served HTML: decoding stored text, cutting it, escaping it. */

export const DESCRIPTION_MAX_CHARACTERS = 160;

/**
 * Titles and introductions have every HTML entity decoded before display (spec section 5), with
 * the `entities` package as in the web app. The result is text: it is escaped again before it goes
 * into HTML, so a decoded `&lt;script&gt;` can never become markup.
 */
export function decodeEntities(text: string): string {
  return decodeHTML(text);
}

/** Stored text as one clean line: entities decoded, every run of whitespace (and control characters) one space. */
export const toPlainLine = (text: string): string =>
  decodeEntities(text)
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Cuts text to at most `max` characters (user-perceived characters, so an emoji or a letter with
 * its accent is never split). Longer text ends with an ellipsis, cut at the last space when one
 * is near the end; text without spaces (Chinese) is cut between characters.
 */
export function cutText(text: string, max = DESCRIPTION_MAX_CHARACTERS): string {
  if (text.length <= max) return text; // never more characters than UTF-16 units
  const characters: string[] = [];
  for (const { segment } of graphemes.segment(text)) {
    characters.push(segment);
    if (characters.length > max) break; // segmenting is lazy: a long introduction is not read to its end
  }
  if (characters.length <= max) return text;
  const kept = characters.slice(0, max - 1);
  const lastSpace = kept.lastIndexOf(' ');
  const cut = lastSpace >= max * 0.6 && characters[max - 1] !== ' ' ? kept.slice(0, lastSpace) : kept;
  return `${cut
    .join('')
    .replace(/[\s,.;:!?，。；：！？、·–—-]+$/u, '')
    .trimEnd()}…`;
}

/** A meta description from stored text: decoded, on one line, at most 160 characters. */
export const toDescription = (text: string): string => cutText(toPlainLine(text));
