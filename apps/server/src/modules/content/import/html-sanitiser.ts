import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { escapeHtmlText } from '../../../lib/html-escape.js';

/**
 * Turns an EPUB chapter (XHTML, possibly sloppy HTML) into the small, safe HTML the reader shows:
 * paragraphs, headings h1–h4, block quotes, rules, emphasis (em, strong) and line breaks, with no attributes at
 * all. Scripts, styles and the document head are dropped with their content; every other element
 * (links, spans, divs, tables…) is unwrapped so its text survives. Text is re-escaped after the
 * parser decoded its entities, so `&amp;lt;` stays the visible text "&lt;".
 *
 * Two passes with two jobs. The first (below) is a normaliser, not a filter: it decides where
 * paragraphs start (a `div` or a table cell ends one, loose text opens one), maps `i`/`b`/`h5` to
 * the reader's small set, and counts words, finds the first heading and collects images on the
 * way. sanitize-html then has the last word on what may reach a reader's page (allowListOnly): an
 * allow-list of those tags and no attribute, so a mistake in the normaliser cannot become markup.
 */

export interface SanitisedChapter {
  html: string;
  wordCount: number;
  /** The text of the first heading, a fallback chapter title. */
  firstHeading: string | null;
  /** `src` of every image in document order, as written (relative to the document). */
  images: string[];
}

/** Removed together with everything inside them. */
const DROPPED = new Set(['script', 'style', 'head', 'title', 'noscript', 'template', 'iframe', 'object', 'embed', 'rt', 'rp', 'math']);
const BLOCKS: Record<string, string> = { p: 'p', h1: 'h1', h2: 'h2', h3: 'h3', h4: 'h4', h5: 'h4', h6: 'h4' };
/** Emphasis; `i` and `b` become `em` and `strong`, so the reader renders one small set of tags. */
const INLINE: Record<string, string> = { em: 'em', strong: 'strong', i: 'em', b: 'strong' };
/** Unwrapped, but their content starts a new paragraph. */
// prettier-ignore
const BOUNDARIES = new Set([
  'html', 'body', 'div', 'section', 'article', 'aside', 'header', 'footer', 'main', 'nav', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'figure', 'figcaption', 'pre', 'address', 'center', 'details', 'summary',
]);

/** HTML whitespace only: a no-break space is content and stays. */
const collapse = (text: string) => text.replace(/[ \t\n\r\f]+/g, ' ');

export function sanitiseChapterHtml(source: string): SanitisedChapter {
  const out: string[] = [];
  const plain: string[] = [];
  const images: string[] = [];
  let dropDepth = 0;
  let block: string | null = null;
  let inline: string[] = [];
  let quoteDepth = 0;
  let heading: string[] | null = null;
  let firstHeading: string | null = null;

  const openBlock = (name: string) => {
    closeBlock();
    block = name;
    out.push(`<${name}>`);
    if (name !== 'p' && firstHeading === null) heading = [];
  };
  function closeBlock() {
    if (block === null) return;
    for (const tag of inline.reverse()) out.push(`</${tag}>`);
    inline = [];
    out.push(`</${block}>`);
    plain.push('\n');
    if (heading !== null) {
      const text = collapse(heading.join('')).trim();
      if (text !== '') firstHeading = text.slice(0, 255);
      heading = null;
    }
    block = null;
  }

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropDepth > 0 || DROPPED.has(name)) {
          if (DROPPED.has(name)) dropDepth += 1;
          return;
        }
        if (name === 'img' || name === 'image') {
          const src = attributes.src ?? attributes['xlink:href'] ?? attributes.href;
          if (src) images.push(src);
        } else if (BLOCKS[name]) {
          openBlock(BLOCKS[name]);
        } else if (name === 'blockquote') {
          closeBlock();
          out.push('<blockquote>');
          quoteDepth += 1;
        } else if (name === 'hr') {
          closeBlock();
          out.push('<hr>');
        } else if (name === 'br') {
          if (block !== null) out.push('<br>');
          plain.push(' ');
        } else if (INLINE[name]) {
          if (block === null) openBlock('p');
          inline.push(INLINE[name]);
          out.push(`<${INLINE[name]}>`);
        } else if (BOUNDARIES.has(name)) {
          closeBlock();
        }
      },
      onclosetag(name) {
        if (dropDepth > 0) {
          if (DROPPED.has(name)) dropDepth -= 1;
          return;
        }
        if (BLOCKS[name] || BOUNDARIES.has(name)) {
          closeBlock();
        } else if (name === 'blockquote' && quoteDepth > 0) {
          closeBlock();
          out.push('</blockquote>');
          quoteDepth -= 1;
        } else if (INLINE[name] && inline.includes(INLINE[name])) {
          // Close up to the matching tag; tags opened inside it and left open end here too.
          while (inline.length > 0) {
            const tag = inline.pop()!;
            out.push(`</${tag}>`);
            if (tag === INLINE[name]) break;
          }
        }
      },
      ontext(raw) {
        if (dropDepth > 0) return;
        const text = collapse(raw);
        if (block === null) {
          if (text.trim() === '') return;
          openBlock('p');
        }
        out.push(escapeHtmlText(text));
        plain.push(text);
        heading?.push(text);
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true, decodeEntities: true },
  );
  parser.write(source);
  parser.end();
  closeBlock();
  while (quoteDepth > 0) {
    out.push('</blockquote>');
    quoteDepth -= 1;
  }
  return { html: allowListOnly(tidy(out.join(''))), wordCount: countWords(plain.join('')), firstHeading, images };
}

/** The only markup a novel chapter may hold, none of it with attributes. */
const ALLOWED_TAGS = ['p', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'hr', 'br', 'em', 'strong'];

/**
 * The security boundary: everything but ALLOWED_TAGS is removed (scripts and styles with their
 * content, other elements unwrapped), every attribute goes. On the normaliser's output this changes
 * nothing but how void tags are written (`<br />` back to `<br>`, as stored until now).
 */
export function allowListOnly(html: string): string {
  return sanitizeHtml(html, { allowedTags: ALLOWED_TAGS, allowedAttributes: {}, allowedSchemes: [] }).replace(/<(br|hr) \/>/g, '<$1>');
}

/** Trims spaces at the edges of blocks and removes blocks left empty (a dropped image's paragraph). */
function tidy(html: string): string {
  let result = html
    .replace(/<(p|h[1-4])> +/g, '<$1>')
    .replace(/ +<\/(p|h[1-4])>/g, '</$1>')
    .replace(/ *<br> */g, '<br>');
  for (let previous = ''; previous !== result;) {
    previous = result;
    result = result
      .replace(/<(em|strong)> *<\/\1>/g, '')
      .replace(/<(p|h[1-4])>(?:<br>| )*<\/\1>/g, '')
      .replace(/<blockquote><\/blockquote>/g, '');
  }
  return result;
}

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** Words in Latin, Arabic and other spaced scripts; characters in Chinese and Japanese, as their readers count. */
export function countWords(text: string): number {
  let count = 0;
  for (const segment of segmenter.segment(text)) {
    if (!segment.isWordLike) continue;
    const cjk = segment.segment.match(CJK)?.length ?? 0;
    count += cjk > 0 ? cjk : 1;
  }
  return count;
}
