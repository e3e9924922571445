import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API and media live on the same origin in production (the server serves dist/); in
// development, Vite proxies them to a server started with `npm start` on port 3000.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    // Every supported browser has module preload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Two large first-load chunks compress better than a dozen small ones (the first load of `/`
        // has a 120 KB gzip budget): libraries, and the app shell every screen uses. Screens,
        // dialogs and locales stay in their own lazy chunks.
        advancedChunks: {
          groups: [
            { name: 'vendor', test: /node_modules|packages[\\/]contracts/ },
            // lib/ files only lazy screens use (their own API calls, prices, return paths) stay out of it.
            {
              name: 'shell',
              test: /apps[\\/]web[\\/]src[\\/](lib[\\/](?!api-reading|api-account|format-price|return-path)|features[\\/]auth|i18n[\\/]index|components[\\/](?!Dialog))/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
