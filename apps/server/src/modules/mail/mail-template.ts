/**
 * The shape of a message template (modules/mail/templates/<kind>.ts). A template says what a
 * message is made of; its words live in modules/mail/locales/<language>/<kind>.json, one file per
 * language and kind, and the values come from the outbox row's data. The renderer
 * (mail-render.ts) builds the HTML part (the site's layout, colours, right to left for ar-sa, no
 * remote images) and the plain-text part from the same blocks.
 *
 * In strings, `{{name}}` is replaced by the data value `name` (HTML-escaped in the HTML part).
 */
export type MailBlock =
  /** A paragraph: the string with this key. */
  | { paragraph: string }
  /** A call to action: a button in HTML, a line with the bare link in text. `href` names a data field holding an absolute URL of the site. */
  | { button: string; href: string }
  /** A two-column table: each pair is [label string key, data field]. Rows whose data field is absent are left out. */
  | { rows: ReadonlyArray<readonly [label: string, field: string]> }
  /**
   * A list from a data field holding an array of { title, items: string[], href? } (the digest's
   * books and chapters); `heading` is an optional string key above it.
   */
  | { list: string; heading?: string };

export interface MailTemplate {
  /** String key of the subject line. */
  subject: string;
  /** String key of the first line under the site name (a greeting). */
  greeting?: string;
  body: readonly MailBlock[];
  /** String key of the last line (why the reader gets this message). */
  footer?: string;
}

/** A value a template fills in: text, a number, or the digest's list of books. */
export type MailValue = string | number | ReadonlyArray<{ title: string; items: readonly string[]; href?: string }>;
