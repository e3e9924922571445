import { decodeHTML } from 'entities/decode';

/**
 * Titles and introductions have every HTML entity decoded before display (spec section 5):
 * named (`&rsquo;`, `&eacute;`), decimal and hex, as a browser would, with the `entities` package's
 * table of all HTML5 entities. Decoded once (`&amp;rsquo;` shows as `&rsquo;`) and used as text,
 * never as HTML, so nothing in a title can inject markup.
 */
export function decodeEntities(text: string): string {
  return decodeHTML(text);
}
