import { startServiceWorker } from './worker';
import type { WorkerBuild } from './worker-scope';

/**
 * The service worker's entry: served as /sw.js (scope: the whole site). The build bundles this file
 * into one classic script (build/service-worker-plugin.ts) and writes the line that declares
 * SW_BUILD, the build's version and the files to precache, before it.
 */
declare const SW_BUILD: WorkerBuild;
declare const self: ServiceWorkerGlobalScope;

startServiceWorker(self, SW_BUILD);
