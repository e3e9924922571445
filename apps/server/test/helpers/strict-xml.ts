import { createRequire } from 'node:module';

/**
 * A strict, namespace-aware XML parser for tests (OPDS feeds): jsdom's DOMParser, the one the web
 * tests already install, typed here with just what the tests read (the server has no DOM types).
 * A document that is not well-formed XML throws.
 */
export interface XmlList extends ArrayLike<XmlNode>, Iterable<XmlNode> {}
export interface XmlNode {
  namespaceURI: string | null;
  localName: string;
  textContent: string | null;
  children: XmlList;
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(namespace: string, name: string): XmlList;
  getElementsByTagName(name: string): XmlList;
  lookupNamespaceURI(prefix: string): string | null;
}
export interface XmlDocument {
  documentElement: XmlNode;
  getElementsByTagNameNS(namespace: string, name: string): XmlList;
  getElementsByTagName(name: string): XmlList;
}

type Jsdom = {
  JSDOM: new (html: string) => { window: { DOMParser: new () => { parseFromString(text: string, type: string): XmlDocument } } };
};
const { JSDOM } = createRequire(import.meta.url)('jsdom') as Jsdom;
const { DOMParser } = new JSDOM('').window;

export function parseXml(body: string): XmlDocument {
  const doc = new DOMParser().parseFromString(body, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}
