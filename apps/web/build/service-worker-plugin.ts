import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { buildVersion, injectBuild, precacheFiles, WEB_MANIFEST_FILES, type Manifest } from './service-worker-build';

/**
 * Writes the build's version and precache list into dist/sw.js (service-worker-build.ts), once
 * Vite has written the bundle and copied public/ (sw.js among it). The browser's build only: the
 * server's (`--ssr`) has no manifest and copies nothing.
 */
export function serviceWorkerBuild(): Plugin {
  return {
    name: 'inkstream-service-worker',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options) {
      const outDir = options.dir!;
      const read = (file: string) => readFile(path.join(outDir, file), 'utf8');
      const [manifestText, page, worker] = await Promise.all([read('.vite/manifest.json'), read('index.html'), read('sw.js')]);
      const precache = [...precacheFiles(JSON.parse(manifestText) as Manifest), ...WEB_MANIFEST_FILES];
      const version = await buildVersion([manifestText, page, worker]);
      await writeFile(path.join(outDir, 'sw.js'), injectBuild(worker, { version, precache }));
      this.info(`service worker: version ${version}, ${precache.length} files to precache`);
    },
  };
}
