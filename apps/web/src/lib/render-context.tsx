import { createContext, useContext, type ReactNode } from 'react';

/**
 * What one render of the app was made with, handed down through React rather than kept in a
 * module: the server renders many pages at once in one process (apps/server pages/page-renderer.ts),
 * each with its own time and its own images, and a module-level value set by one render would be
 * read by another that is rendering meanwhile. In the browser it says what the server's page (the
 * one being taken over) was rendered with.
 */
export interface RenderContext {
  /** When the server rendered the page (render-clock.tsx); null for a render the browser makes alone. */
  renderedAt: number | null;
  /** Rendered with the data saver's lighter pages (data-saving.ts); false for a browser's own render. */
  lighterImages: boolean;
  /** The browser is taking over a server-rendered page (AuthProvider shows a visitor's first render). */
  isHydrating: boolean;
}

/** A render the browser makes alone: no server page to agree with. */
export const BROWSER_RENDER: RenderContext = { renderedAt: null, lighterImages: false, isHydrating: false };

const Context = createContext<RenderContext>(BROWSER_RENDER);

export function RenderContextProvider({ value, children }: { value: RenderContext; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const useRenderContext = (): RenderContext => useContext(Context);
