/**
 * Titles and introductions have every HTML entity decoded before display (spec section 5): named
 * (`&rsquo;`, `&eacute;`, all of HTML5's), decimal and hex. Decoded once (`&amp;rsquo;` shows as
 * `&rsquo;`) and used as text, on both sides of a server-rendered page:
 *
 * - In the browser its own HTML parser does it, so the web app ships no entity table (the
 *   `entities` package would add 12 KB gzip to the first load): a `<textarea>`'s content is parsed
 *   as RCDATA, where character references are decoded and nothing else is, so no markup can ever
 *   be created.
 * - On the server there is no `document` (creating one threw, and every page with an `&` in a title
 *   fell back to the browser): the server gives its own decoder, the `entities` package it already
 *   has (entry-server.tsx, configureServerRendering). Both follow the HTML standard, so the
 *   browser's hydration finds the same text.
 * - Anywhere else (neither), numeric references and the five XML names are decoded, and other names kept.
 */
let decodeOnServer: ((text: string) => string) | undefined;
let scratch: HTMLTextAreaElement | undefined;

export function setEntityDecoder(decode: (text: string) => string): void {
  decodeOnServer = decode;
}

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  if (typeof document !== 'undefined') {
    scratch ??= document.createElement('textarea');
    scratch.innerHTML = text;
    return scratch.value;
  }
  return decodeOnServer ? decodeOnServer(text) : decodeBasicEntities(text);
}

const XML_NAMES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Numeric references (as HTML reads them: none, surrogates and out-of-range ones become U+FFFD) and the five XML names. */
export function decodeBasicEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g,
    (reference, decimal?: string, hex?: string, name?: string) => {
      if (name) return XML_NAMES[name] ?? reference;
      const code = decimal ? Number(decimal) : parseInt(hex!, 16);
      const isValid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return String.fromCodePoint(isValid ? code : 0xfffd);
    },
  );
}
