import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorkerBuild } from './build/service-worker-plugin';

// The API and media live on the same origin in production (the server serves dist/); in
// development, Vite proxies them to a server started with `npm start` on port 3000.
export default defineConfig(({ isSsrBuild }) => ({
  // serviceWorkerBuild: dist/sw.js, the worker bundled from src/service-worker/sw.ts with the build's version and the
  // files it precaches (build/service-worker-build.ts); in development, /sw.js bundled on request.
  plugins: [react(), serviceWorkerBuild()],
  resolve: {
    conditions: ['source'],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: the server reads it to hint each page's lazy screen chunks in the
    // HTML head (apps/server/src/modules/pages/preload-hints.ts, docs/SEO.md).
    manifest: true,
    target: 'es2022',
    // Every supported browser has module preload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    // The server's build (`vite build --ssr src/entry-server.tsx`, into dist-ssr/): Node imports it,
    // so no chunk groups, no manifest and no source of the browser's.
    ...(isSsrBuild ? { outDir: 'dist-ssr', manifest: false, sourcemap: false, copyPublicDir: false } : {}),
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Two large first-load chunks compress better than a dozen small ones (the first load of `/`
            // has a 120 KB gzip budget): libraries, and the app shell every screen uses. Screens,
            // dialogs and locales stay in their own lazy chunks.
            advancedChunks: {
              groups: [
                // uPlot stays out: only the console's dashboard loads it, in the dashboard's own chunk. So do
                // the error codes: only lazy screens read them, and the console keeps adding codes; and
                // person slugs: only the header's suggestion popup makes them (issue 46).
                {
                  name: 'vendor',
                  test: /node_modules[\\/](?!uplot[\\/])|packages[\\/]contracts[\\/](?!src[\\/](error-codes|person-slug))/,
                  priority: 30,
                },
                // Small modules several lazy screens share (their API calls, the follow button, prices,
                // return paths) travel together: one request instead of five, which a browser's six
                // connections per host would otherwise have to queue behind the screen's own chunks.
                // The reading positions' sync and what waits for a connection (issue 47: the queues and
                // the offline re-check's call) are here too: only lazy screens and the offline code use them;
                // so are the save buttons' icons, the saved marks' store and the saved copies' errors, which
                // the book page and the reader both load (three chunks under 1 KB, each a request of its own).
                {
                  name: 'screens-shared',
                  priority: 10,
                  test: /apps[\\/]web[\\/]src[\\/](lib[\\/](api-reading|api-account|format-price|return-path|progress-sync|sync-queue|event-queue|like-queue|flush-queues|api-offline)|features[\\/](chapters[\\/](use-on-visible|use-book-progress|FollowButton|ChapterCard)|library[\\/]resume-link|account[\\/]plans|offline[\\/](icons|offline-changes|offline-errors)))/,
                },
                // The book list's cards, grid, filters and search state, which the search page and the
                // discovery pages (calendar, rankings, author) share with it: one chunk, so the landing
                // page's first load is not cut into a piece per set of screens sharing it (issue 46:
                // three more screens made four chunks of it). The cover is a component of its own
                // (components/BookCover.tsx): the book page's also-read row needs only it.
                {
                  name: 'book-list',
                  priority: 10,
                  test: /apps[\\/]web[\\/]src[\\/]features[\\/]catalogue[\\/]/,
                },
                // lib/ files only lazy screens use (their own API calls, such as the reading screen's
                // preferences, prices, return paths) stay out of it,
                // and so do the dialog, the not-found page and the header's suggestion popup (loaded on
                // the first focus of the search field), which no first load shows. A book's rating format
                // and the community switch are in: the book list's cards and the book page both use them.
                {
                  name: 'shell',
                  priority: 20,
                  test: /apps[\\/]web[\\/]src[\\/](lib[\\/](?!api-reading|api-account|api-suggest|api-preferences|format-price|return-path|progress-sync|sync-queue|event-queue|like-queue|flush-queues|api-offline)|features[\\/]auth|features[\\/]ratings[\\/](rating-format|use-community)|i18n[\\/](index|active|translator|use-translation)|components[\\/](?!Dialog|NotFound|SuggestionPopup))/,
                },
              ],
            },
          },
        },
  },
  // The server's build bundles React and the libraries that render with it, built for production:
  // imported by Node, they would pick their development builds whenever NODE_ENV is not
  // "production" (as under `npm start`), which render several times slower and hold more memory.
  // The contracts package is TypeScript source in this repository: bundled too.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  ssr: { noExternal: ['@inkstream/contracts', 'react', 'react-dom', 'react-router', '@tanstack/react-query', '@tanstack/query-core'] },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
}));
