// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHAPTERS_STORE, OFFLINE_DB_NAME, PAGES_CACHE } from '../src/features/offline/offline-storage-names';
import { DEV_BUILD, injectBuild } from './service-worker-build';
import { bundleWorker } from './service-worker-plugin';

// The worker as the build bundles it (src/service-worker/sw.ts → dist/sw.js): one classic script
// (a worker registered without `type: 'module'` cannot import), which runs on a worker scope.
describe('the bundled service worker', () => {
  it('is one classic script that starts on the worker scope with the build declared before it', { timeout: 60_000 }, async () => {
    const bundle = await bundleWorker(path.resolve(import.meta.dirname, '..'));
    expect(bundle).not.toMatch(/^\s*(?:import|export)\b/m);
    // The offline feature's names, carried in from features/offline/ (not written again).
    for (const name of [OFFLINE_DB_NAME, PAGES_CACHE, CHAPTERS_STORE]) expect(bundle).toContain(JSON.stringify(name));
    const listened: string[] = [];
    const scope = { addEventListener: (type: string) => listened.push(type), location: { origin: 'https://inkstream.example' } };
    new Function('self', injectBuild(bundle, DEV_BUILD))(scope);
    expect(listened.sort()).toEqual(['activate', 'fetch', 'install', 'message', 'notificationclick', 'push']);
  });
});
