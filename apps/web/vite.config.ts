import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API and media live on the same origin in production (the server serves dist/); in
// development, Vite proxies them to a server started with `npm start` on port 3000.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
