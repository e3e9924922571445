let scratch: HTMLTextAreaElement | undefined;

/**
 * Titles and introductions have every HTML entity decoded before display (spec section 5): named
 * (`&rsquo;`, `&eacute;`, all of HTML5's), decimal and hex. The browser's own HTML parser does it,
 * so the web app ships no entity table (the `entities` package would add 12 KB gzip to the first
 * load; the server uses it): a `<textarea>`'s content is parsed as RCDATA, where character
 * references are decoded and nothing else is, so no markup can ever be created. Decoded once
 * (`&amp;rsquo;` shows as `&rsquo;`) and used as text.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  scratch ??= document.createElement('textarea');
  scratch.innerHTML = text;
  return scratch.value;
}
