import { lazy, type ComponentType } from 'react';
import type PagedReaderComponent from './PagedReader';

type PagedReader = typeof PagedReaderComponent;

let loaded: PagedReader | null = null;
let loading: Promise<{ default: PagedReader }> | null = null;

/** The paged reader's code (a chunk of its own: readers of the long strip never download it). */
export function loadPagedReader(): Promise<{ default: PagedReader }> {
  loading ??= import('./PagedReader').then((module) => {
    loaded = module.default;
    return module;
  });
  return loading;
}

const LazyPagedReader = lazy(loadPagedReader);

/**
 * The component to render: the code itself once it is here, else a lazy one (which suspends). A
 * server-rendered chapter in pages must be taken over with the code already here (see
 * `holdTakeOverForPages`): React throws away a Suspense boundary that is still waiting for its
 * code when the first update reaches it and shows its fallback, so the page would jump from the
 * server's pages to "Loading" and back.
 */
export function pagedReaderComponent(): ComponentType<Parameters<PagedReader>[0]> {
  return loaded ?? LazyPagedReader;
}

/** In the browser, before the reading screen is taken over: fetches the paged reader if the server rendered one. */
export function holdTakeOverForPages(): Promise<unknown> | null {
  if (typeof document === 'undefined' || !document.querySelector('[data-paged-reader]')) return null;
  return loadPagedReader().catch(() => undefined); // without it the lazy path still renders the pages
}
