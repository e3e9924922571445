import type { ParsedNode } from '@inkstream/contracts';
import { createElement, Fragment, type ReactNode } from 'react';

/*
 * A novel chapter's text arrives as HTML the server already sanitised on import (docs/CONTENT.md:
 * p, h1–h4, em, strong, br, blockquote, hr, no attributes). We still never hand that string to
 * the DOM (no dangerouslySetInnerHTML): a bug or a bad row upstream must not become script in a
 * reader's browser. Instead the string is parsed by the browser's own parser into an inert
 * document (DOMParser: no scripts run, no images or other resources load, no event handlers fire)
 * and rebuilt as React elements from an allowlist of tags. No attribute is ever copied, so
 * `onerror=`, `style=`, `href="javascript:…"` and the like cannot survive; tags outside the list
 * are either dropped with their content (script, style, embedded objects, media, forms) or
 * unwrapped to their text (links, spans, divs). It needs no dependency and adds a few hundred bytes.
 */

/** Tag in the text → element rendered. Headings move one level down: the chapter title is the page's h1. */
const ALLOWED: Readonly<Record<string, string>> = {
  p: 'p',
  h1: 'h2',
  h2: 'h3',
  h3: 'h4',
  h4: 'h5',
  em: 'em',
  strong: 'strong',
  br: 'br',
  blockquote: 'blockquote',
  hr: 'hr',
};
const VOID = new Set(['br', 'hr']);

/** Removed together with everything inside them: their content is code, media or controls, not prose. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'object',
  'embed',
  'svg',
  'math',
  'img',
  'picture',
  'video',
  'audio',
  'source',
  'canvas',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'link',
  'meta',
  'base',
  'title',
  'head',
]);

/** Deeper nesting than any book needs is flattened to its text, so hostile input cannot exhaust the stack. */
const MAX_DEPTH = 24;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** What the conversion reads of a parsed node: a DOM node has it, and so does the server's parser's adapter. */
export type { ParsedNode };

/**
 * The browser's parser; the server, which has none, brings its own (apps/server html-parser.ts,
 * via entry-server.tsx) for the free chapters it renders.
 */
let parseBody = (html: string): ParsedNode => new DOMParser().parseFromString(html, 'text/html').body;
export function setHtmlParser(parse: (html: string) => ParsedNode): void {
  parseBody = parse;
}

function convert(node: ParsedNode, key: number, depth: number): ReactNode {
  if (node.nodeType === TEXT_NODE) return node.textContent;
  if (node.nodeType !== ELEMENT_NODE) return null; // comments, processing instructions
  const tag = node.localName ?? '';
  if (DROPPED.has(tag)) return null;
  if (depth >= MAX_DEPTH) return node.textContent;
  const rendered = ALLOWED[tag];
  if (rendered && VOID.has(tag)) return createElement(rendered, { key });
  const children = convertChildren(node, depth + 1);
  // An element outside the list keeps only its content (a fragment adds no element of its own).
  return createElement(rendered ?? Fragment, { key }, ...children);
}

function convertChildren(node: ParsedNode, depth: number): ReactNode[] {
  return Array.from(node.childNodes, (child, index) => convert(child, index, depth));
}

/**
 * The chapter's top-level blocks (paragraphs, headings, quotes, breaks) as React elements, in
 * order. Whitespace between blocks is left out, so illustrations can be placed between blocks.
 */
export function chapterTextBlocks(html: string): ReactNode[] {
  if (!html.trim()) return [];
  const body = parseBody(html);
  return Array.from(body.childNodes)
    .filter((node) => node.nodeType !== TEXT_NODE || (node.textContent ?? '').trim() !== '')
    .map((node, index) => convert(node, index, 0))
    .filter((block) => block !== null && block !== '');
}

/**
 * Where the illustrations go among `blockCount` text blocks: illustration k of n comes before
 * block ⌊k·blocks/n⌋, so the first opens the chapter (where books usually put one) and the rest
 * spread evenly through it. The stored text has no image markers to say more precisely.
 */
export function illustrationSlots(blockCount: number, illustrationCount: number): number[] {
  return Array.from({ length: illustrationCount }, (_, k) => Math.floor((k * blockCount) / illustrationCount));
}
