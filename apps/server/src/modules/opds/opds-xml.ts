/**
 * The one way the OPDS feeds write XML (docs/OPDS.md "Feeds"): a tree of elements rendered with
 * every text and attribute value escaped, so a book title such as `<script>&"'` stays a title.
 * No feed builds XML by joining strings of data: they build XmlElement trees and call renderXml.
 */

/** An attribute value; undefined and null leave the attribute out. */
export type XmlAttributeValue = string | number | undefined | null;

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, XmlAttributeValue>>;
  readonly children: readonly XmlChild[];
}

/** A child: an element, text, or nothing (false/null/undefined, for optional parts). */
export type XmlChild = XmlElement | string | number | false | null | undefined;
/** Children as given to el(): lists (of lists) are flattened. */
export type XmlChildren = XmlChild | readonly XmlChildren[];

function flatten(children: readonly XmlChildren[], out: XmlChild[] = []): XmlChild[] {
  for (const child of children) {
    if (Array.isArray(child)) flatten(child as readonly XmlChildren[], out);
    else out.push(child as XmlChild);
  }
  return out;
}

/** Element and attribute names come from the code, never from data: anything else is a bug. */
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*(?::[A-Za-z_][A-Za-z0-9_.-]*)?$/;

export function el(name: string, attributes: Record<string, XmlAttributeValue> = {}, ...children: XmlChildren[]): XmlElement {
  if (!NAME.test(name)) throw new Error(`Not an XML name: ${name}`);
  for (const key of Object.keys(attributes)) if (!NAME.test(key)) throw new Error(`Not an XML attribute name: ${key}`);
  return { name, attributes, children: flatten(children) };
}

const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- the control characters are what is matched
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The same characters, for a test without the global flag's state: most values have none. */
const HAS_FORBIDDEN = new RegExp(FORBIDDEN.source);

/**
 * Removes what XML 1.0 cannot carry at all, even escaped: control characters other than tab, line
 * feed and carriage return, lone surrogates and U+FFFE/U+FFFF (a strict parser, as reading apps
 * use, would refuse the whole feed for one of them in a title).
 */
export function stripForbidden(value: string): string {
  return HAS_FORBIDDEN.test(value) ? value.replace(FORBIDDEN, '') : value;
}

/**
 * What each escaped character becomes. One pass with a lookup instead of a replace per character:
 * a 50-book feed escapes some thousand values, and most of them need nothing (the bench's profile).
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
const entity = (character: string) => ENTITIES[character] ?? character;
const TEXT_SPECIAL = /[&<>]/g;
const ATTRIBUTE_SPECIAL = /[&<>"'\t\n\r]/g;

/** Text content: `&`, `<` and `>` (the last for `]]>`). */
export function escapeText(value: string): string {
  return stripForbidden(value).replace(TEXT_SPECIAL, entity);
}

/** A double-quoted attribute value: also quotes, and the white space a parser would fold into spaces. */
export function escapeAttribute(value: string): string {
  return stripForbidden(value).replace(ATTRIBUTE_SPECIAL, entity);
}

function renderElement(element: XmlElement, out: string[]): void {
  out.push('<', element.name);
  for (const [key, value] of Object.entries(element.attributes)) {
    if (value === undefined || value === null) continue;
    out.push(' ', key, '="', escapeAttribute(String(value)), '"');
  }
  const children = element.children.filter((child) => child !== false && child !== null && child !== undefined && child !== '');
  if (children.length === 0) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const child of children) {
    if (typeof child === 'object') renderElement(child as XmlElement, out);
    else out.push(escapeText(String(child)));
  }
  out.push('</', element.name, '>');
}

/** A whole document: the XML declaration (UTF-8) and the root element. */
export function renderXml(root: XmlElement): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  renderElement(root, out);
  out.push('\n');
  return out.join('');
}
