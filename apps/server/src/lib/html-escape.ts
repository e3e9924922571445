/**
 * The server's one HTML escaper (page heads, sitemaps, e-mail, imported and demo novel text).
 *
 * Written here rather than taken from `entities`: its escapeUTF8 writes `&apos;`, which HTML 4
 * (and the mail clients that still parse it) does not know, and its escapeText turns a no-break
 * space into `&nbsp;`, which would change the stored text of every novel chapter imported before.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For an HTML text node or a quoted attribute value (and for XML). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** For a text node only: what could start markup or an entity; quotes stay as they were typed. */
export const escapeHtmlText = (text: string): string => text.replace(/[&<>]/g, (char) => ESCAPES[char]!);
