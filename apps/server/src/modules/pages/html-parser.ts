import type { ParsedNode } from '@inkstream/contracts';
import { DomUtils, parseDocument } from 'htmlparser2';

type DomNode = ReturnType<typeof parseDocument>['children'][number];

/**
 * A novel chapter's stored HTML parsed for server rendering, shaped like the browser's DOM nodes
 * the web app converts to React elements (it has its own allowlist; nothing here decides what is
 * shown). The text was sanitised on import into well-formed blocks, so htmlparser2 and the
 * browser's parser agree on it, and the browser's hydration matches.
 */
export function parseHtmlBody(html: string): ParsedNode {
  const document = parseDocument(html, { lowerCaseTags: true, decodeEntities: true });
  return { nodeType: 11, textContent: null, childNodes: document.children.map(adapt) };
}

function adapt(node: DomNode): ParsedNode {
  if (node.type === 'text') return { nodeType: 3, textContent: node.data, childNodes: [] };
  if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
    return {
      nodeType: 1,
      localName: node.name.toLowerCase(),
      textContent: DomUtils.textContent(node),
      childNodes: node.children.map((child) => adapt(child as DomNode)),
    };
  }
  // Comments, directives, CDATA: not text, never shown.
  return { nodeType: 8, textContent: null, childNodes: [] };
}
