import { parseDocument } from 'htmlparser2';
import { allowListOnly } from '../content/import/html-sanitiser.js';
import { el, renderXml, type XmlChild, type XmlChildren, type XmlElement } from './opds-xml.js';

/**
 * A novel chapter as an XHTML document (docs/OPDS.md "Novels"), for reading apps that download a
 * chapter (KOReader, Moon+ Reader) and for the chapters inside an EPUB. The stored text is HTML
 * the import made safe, but it is made safe again here rather than trusted: the site's allow-list
 * (html-sanitiser.ts `allowListOnly`: a few block and emphasis tags, no attribute at all) runs
 * first, and the result is rebuilt element by element as an XmlElement tree and written by the
 * feeds' one XML writer. No stored markup is ever copied into the document as a string, so the
 * document is well-formed XML whatever the stored text holds, and no script, style or event
 * handler can reach it.
 */

export const XHTML_NS = 'http://www.w3.org/1999/xhtml';
export const EPUB_NS = 'http://www.idpf.org/2007/ops';

/** What survives: allowListOnly's tags. Anything else is unwrapped (a second net under the allow-list). */
const KEPT = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'hr', 'br', 'em', 'strong']);
/** Dropped with their content, should the allow-list ever let one through. */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript']);
/** Right-to-left scripts by primary language subtag (of the site's languages, Arabic). */
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

export const directionOf = (language: string): 'rtl' | 'ltr' => (RTL.has(language.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr');

interface DomNode {
  type: string;
  name?: string;
  data?: string;
  children?: DomNode[];
}

/**
 * Elements nested deeper than this keep their text but lose their markup: the tree is rebuilt and
 * written recursively, and a stored text of thousands of nested tags must not exhaust the stack.
 * The reader's own HTML nests a few levels (a block quote, a paragraph, emphasis).
 */
export const MAX_NESTING = 32;

/** The text under some nodes, read with an explicit stack (no recursion, whatever the depth). */
function textUnder(nodes: readonly DomNode[]): string {
  const out: string[] = [];
  const stack = [...nodes].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'text') out.push(node.data ?? '');
    else if (node.type === 'tag' && !DROPPED.has((node.name ?? '').toLowerCase())) stack.push(...[...(node.children ?? [])].reverse());
  }
  return out.join('');
}

function toXml(nodes: readonly DomNode[], depth = 0): XmlChild[] {
  if (depth >= MAX_NESTING) return [textUnder(nodes)];
  const out: XmlChild[] = [];
  for (const node of nodes) {
    if (node.type === 'text') out.push(node.data ?? '');
    else if (node.type === 'tag') {
      const name = (node.name ?? '').toLowerCase();
      if (DROPPED.has(name)) continue;
      const children = toXml(node.children ?? [], depth + 1);
      // Attributes are never read: an element is rebuilt from its name and children only.
      if (KEPT.has(name)) out.push(el(name, {}, name === 'br' || name === 'hr' ? [] : children));
      else out.push(...children);
    }
    // Comments, CDATA, processing instructions, and script and style elements (their own node types) are left out.
  }
  return out;
}

/** The stored chapter HTML as XHTML body content: re-sanitised, then rebuilt as XML elements. */
export function xhtmlContent(storedHtml: string): XmlChild[] {
  const safe = allowListOnly(storedHtml);
  const document = parseDocument(safe, { decodeEntities: true, lowerCaseTags: true });
  return toXml(document.children as unknown as DomNode[]);
}

export interface ChapterDocument {
  /** The document title (book title and chapter heading). */
  title: string;
  /** The heading shown above the text ("12. The storm"). */
  heading: string;
  /** The language of the text (BCP 47, as the site stores it, e.g. ar-sa). */
  language: string;
  /** The stored HTML, or null when the chapter has no text in any language. */
  html: string | null;
}

/** A complete XHTML document (XML declaration, namespaced html, lang, xml:lang and dir) as an XmlElement. */
export function chapterXhtml(doc: ChapterDocument, epub = false): XmlElement {
  return xhtmlPage(doc.language, doc.title, [el('h1', {}, doc.heading), doc.html === null ? [] : xhtmlContent(doc.html)], epub);
}

/** Any XHTML page of the feeds and EPUBs: the shell every document shares. */
export function xhtmlPage(language: string, title: string, body: XmlChildren[], epub = false): XmlElement {
  return el(
    'html',
    {
      xmlns: XHTML_NS,
      'xmlns:epub': epub ? EPUB_NS : undefined,
      lang: language,
      'xml:lang': language,
      dir: directionOf(language),
    },
    el('head', {}, el('meta', { charset: 'utf-8' }), el('title', {}, title)),
    el('body', {}, body),
  );
}

/** The document as text (renderXml: XML declaration, UTF-8). */
export const renderChapterXhtml = (doc: ChapterDocument): string => renderXml(chapterXhtml(doc));
