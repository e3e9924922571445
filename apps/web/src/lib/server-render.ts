import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { Language } from './language';

/** The id of the `<script type="application/json">` in which the server hands its render to the browser. */
export const SERVER_RENDER_ID = 'server-render';

/** What the browser needs to take over a page the server rendered, without asking the API again. */
export interface ServerRender {
  /** The language the page was rendered in (its `<html lang>`). */
  language: Language;
  /** When the server rendered it (ms since the epoch): times shown relative to now use it while hydrating. */
  renderedAt: number;
  /** The API answers the page was rendered from (TanStack Query's dehydrated cache, shared queries only). */
  state: DehydratedState;
  /** Rendered with the data saver's lighter pages (the browser hydrates with the same choice). */
  lighterImages?: boolean;
}

/** Puts the server's answers in the browser's query cache, as fresh as when the server got them. */
export function seedQueries(queryClient: QueryClient, render: ServerRender): void {
  hydrate(queryClient, render.state);
}

/** The page's server render, or null for a page the browser renders alone (private screens, no render). */
export function readServerRender(): ServerRender | null {
  const element = document.getElementById(SERVER_RENDER_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerRender;
  } catch {
    return null;
  }
}

/** The payload as a script element's text: `<` escaped so no text in it can close the element. */
export function serializeServerRender(render: ServerRender): string {
  return JSON.stringify(render)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
