import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { buildVersion, DEV_BUILD, injectBuild, precacheFiles, WEB_MANIFEST_FILES, type Manifest } from './service-worker-build';

/** The worker's entry: TypeScript of the app's own (src/service-worker/), served as /sw.js. */
const WORKER_ENTRY = 'src/service-worker/sw.ts';

/**
 * The service worker as one classic script (a worker registered without `type: 'module'` cannot
 * import): src/service-worker/sw.ts with what it imports (the offline feature's storage names and
 * expiry rule, the contracts' page paths), bundled by Vite on its own, unminified as before.
 */
export async function bundleWorker(root: string): Promise<string> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    resolve: { conditions: ['source'] },
    build: {
      write: false,
      copyPublicDir: false,
      emptyOutDir: false,
      sourcemap: false,
      minify: false,
      target: 'es2022',
      lib: { entry: path.join(root, WORKER_ENTRY), formats: ['iife'], name: 'inkstreamServiceWorker', fileName: () => 'sw.js' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((one) => ('output' in one ? one.output : []));
  const chunks = outputs.filter((item) => item.type === 'chunk');
  if (chunks.length !== 1 || chunks[0]!.type !== 'chunk')
    throw new Error(`the service worker must bundle into one script, got ${chunks.length}`);
  return chunks[0]!.code;
}

/**
 * Writes dist/sw.js: the bundled worker with the build's version and precache list
 * (service-worker-build.ts), once Vite has written the app. In development (`vite`), /sw.js is the
 * worker bundled on request with nothing to precache. Not in the server's build (`--ssr`).
 */
export function serviceWorkerBuild(): Plugin {
  let root = process.cwd();
  return {
    name: 'inkstream-service-worker',
    apply: (_config, env) => !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use('/sw.js', (_request, response, next) => {
        bundleWorker(root).then((worker) => {
          response.setHeader('content-type', 'text/javascript; charset=utf-8');
          response.setHeader('cache-control', 'no-cache');
          response.end(injectBuild(worker, DEV_BUILD));
        }, next);
      });
    },
    async writeBundle(options) {
      const outDir = options.dir!;
      const read = (file: string) => readFile(path.join(outDir, file), 'utf8');
      const [manifestText, page, worker] = await Promise.all([read('.vite/manifest.json'), read('index.html'), bundleWorker(root)]);
      const precache = [...precacheFiles(JSON.parse(manifestText) as Manifest), ...WEB_MANIFEST_FILES];
      const version = await buildVersion([manifestText, page, worker]);
      await writeFile(path.join(outDir, 'sw.js'), injectBuild(worker, { version, precache }));
      this.info(`service worker: version ${version}, ${precache.length} files to precache`);
    },
  };
}
