import type { Language } from './languages.js';

/**
 * The seam between the server and the web app's server build (apps/web/src/entry-server.tsx,
 * built into dist-ssr/): the server loads that module as a `ServerEntry`, and the web app checks
 * its exports against it, so a change on either side fails the other's type check.
 */

/** The node shape the web app's novel-text conversion reads: the browser's DOM, or the server's parser. */
export interface ParsedNode {
  nodeType: number;
  /** Lower case, for elements. */
  localName?: string;
  textContent: string | null;
  childNodes: ArrayLike<ParsedNode>;
}

/** Where the web app's API calls go while the server renders: an origin and a fetch that never leaves the process. */
export interface ServerTransport {
  origin: string;
  fetch(url: URL, init: RequestInit): Promise<Response>;
}

/** What the server lends the web app's code, which has no DOM there: its HTML parser and its entity decoder. */
export interface ServerRenderingOptions extends ServerTransport {
  parseHtml(html: string): ParsedNode;
  decodeEntities(text: string): string;
}

/** The module the web app's server build exports; `Render` is the data the browser takes the page over with. */
export interface ServerEntry<Render = unknown> {
  configureServerRendering(options: ServerRenderingOptions): void;
  /**
   * The page at `url` (path and query) in `language`: what goes in `<div id="root">`, its data, and
   * the shared queries its screens asked for that the route's loader did not fetch (rendered loading).
   */
  /** `lighterImages`: render a chapter with the data saver's lighter pages (the request's Save-Data or the reader's cookie). */
  renderPage(
    url: string,
    language: Language,
    options?: { lighterImages?: boolean },
  ): Promise<{ html: string; render: Render; missing: string[] }>;
  /** The data as a script element's text (nothing in it can close the element). */
  serializeServerRender(render: Render): string;
  /** The id of the `<script type="application/json">` that carries it. */
  SERVER_RENDER_ID: string;
}
