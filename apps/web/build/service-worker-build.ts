/**
 * What the build writes into the service worker (src/service-worker/sw.ts, bundled → dist/sw.js,
 * docs/WEB.md "The service worker"): the build's version, which names its shell cache, and the
 * files it precaches so that a reader's screens open with no connection. Pure functions over Vite's
 * manifest; the Vite plugin beside this file bundles the worker and writes the files.
 */

import { LANGUAGES } from '@inkstream/contracts/languages';
import { webManifestPath } from '@inkstream/contracts/routes';
import type { WorkerBuild } from '../src/service-worker/worker-scope';

export type { WorkerBuild };

/** The install manifests of every language (issue 56): precached so the installed app has its words offline. */
export const WEB_MANIFEST_FILES: readonly string[] = LANGUAGES.map(webManifestPath);

/** One entry of Vite's manifest (dist/.vite/manifest.json), the fields used here. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The lazy screens a reader needs with no connection (sources, keys of the manifest), each with
 * everything it imports, lazily too: the landing page (the installed app's start URL), the reading
 * screen and its modes (the paged reader is its lazy part), the library and the Offline screen
 * (issue 47; absent from builds before it, and then skipped), and every part of every language
 * (a reader may switch language offline, and the reading screen loads the reading part).
 */
export const OFFLINE_SCREENS: readonly RegExp[] = [
  /^src\/routes\/(BookListPage|ReadingPage|LibraryPage|OfflinePage)\.tsx$/,
  /^src\/features\/offline\//,
  /^src\/i18n\/locales\/[a-z]{2}-[a-z]{2}\/(first|reading|rest)\.ts$/,
];

/** Never precached, even when a screen above imports it lazily: the operator's console. */
const NEVER: readonly RegExp[] = [/^src\/features\/admin\//, /^src\/routes\/AdminPage\.tsx$/, /\/admin\/index\.ts$/];

/**
 * The files to precache, as site paths (`/assets/…`), in a stable order: the entry's chunk, CSS and
 * the chunks it imports (the app shell), and each offline screen above with its static and lazy
 * imports and their CSS.
 */
export function precacheFiles(manifest: Manifest, screens: readonly RegExp[] = OFFLINE_SCREENS): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const add = (key: string, followLazy: boolean) => {
    if (seen.has(key) || NEVER.some((pattern) => pattern.test(key))) return;
    const chunk = manifest[key];
    if (!chunk) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${file}`);
    for (const imported of chunk.imports ?? []) add(imported, followLazy);
    if (followLazy) for (const imported of chunk.dynamicImports ?? []) add(imported, true);
  };
  // The entry's lazy imports are every screen of the site, the console's too: only its static ones.
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) add(key, false);
  for (const key of Object.keys(manifest).sort()) if (screens.some((pattern) => pattern.test(key))) add(key, true);
  return [...files];
}

/** The worker's build in development (`vite`) and in tests: no version of its own, nothing precached. */
export const DEV_BUILD: WorkerBuild = { version: 'dev', precache: [] };

const DECLARED = /\bconst SW_BUILD\b/;

/**
 * The bundled worker with the line that declares its build before it: sw.ts reads `SW_BUILD`, a
 * global of the classic script the browser runs. A bundle that declares it already is refused.
 */
export function injectBuild(bundle: string, build: WorkerBuild): string {
  if (DECLARED.test(bundle)) throw new Error('the worker bundle declares SW_BUILD already: the build is written in once');
  return `const SW_BUILD = ${JSON.stringify(build)};\n${bundle}`;
}

/**
 * The build's version: a digest of what the worker caches (the manifest names every built file by
 * its content), of the page the shell is made from and of the worker's own code (its bundle), so a build that
 * changes any of them gives a new shell cache and an update the page announces.
 */
export async function buildVersion(parts: readonly string[]): Promise<string> {
  const bytes = new TextEncoder().encode(parts.join('\0'));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest.slice(0, 6)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
