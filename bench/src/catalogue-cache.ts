import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateCatalogue, GENERATOR_VERSION, type CatalogueStats } from './generate-catalogue.js';
import { startRealServer } from './server-process.js';

export interface Catalogue {
  dataDir: string;
  sqlitePath: string;
  stats: CatalogueStats;
  /** Time it took to build (server start for the schema, then the bulk load), when it was built. */
  generationSeconds: number;
  reused: boolean;
}

interface Marker {
  generatorVersion: number;
  stats: CatalogueStats;
  generationSeconds: number;
  generatedAt: string;
}

const MARKER_FILE = 'bench-catalogue.json';
const SEED = 20261122;

/**
 * Returns a ready catalogue directory, building it only when no complete one exists for this generator
 * version and size: generation takes about half a minute and a gigabyte, so re-runs reuse it.
 * The marker is written last, so an interrupted build is never mistaken for a complete one.
 */
export async function ensureCatalogue(options: {
  cacheRoot: string;
  serverMain: string;
  books: number;
  fresh: boolean;
  /** No chapters: books, texts and tags only (bench:search at a million books). */
  booksOnly?: boolean;
}): Promise<Catalogue> {
  const name = `catalogue-v${GENERATOR_VERSION}-${options.books}${options.booksOnly ? '-books-only' : ''}`;
  const dataDir = path.join(options.cacheRoot, name);
  const sqlitePath = path.join(dataDir, 'inkstream.sqlite');
  const markerPath = path.join(dataDir, MARKER_FILE);
  removeOutdatedCatalogues(options.cacheRoot);
  if (!options.fresh && existsSync(markerPath)) {
    const marker = JSON.parse(readFileSync(markerPath, 'utf8')) as Marker;
    return { dataDir, sqlitePath, stats: marker.stats, generationSeconds: marker.generationSeconds, reused: true };
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  // The server migrates at start: letting it create the schema means the bench never imports or copies
  // server internals, and always loads into exactly the schema the server will run on.
  const server = await startRealServer({ serverMain: options.serverMain, dataDir });
  await server.stop();
  const stats = generateCatalogue(sqlitePath, { books: options.books, seed: SEED, booksOnly: options.booksOnly });
  const generationSeconds = (performance.now() - started) / 1000;
  const marker: Marker = { generatorVersion: GENERATOR_VERSION, stats, generationSeconds, generatedAt: new Date().toISOString() };
  writeFileSync(markerPath, `${JSON.stringify(marker, null, 2)}\n`);
  return { dataDir, sqlitePath, stats, generationSeconds, reused: false };
}

/** Catalogues of older generator versions are a gigabyte each and will never be used again. */
function removeOutdatedCatalogues(cacheRoot: string): void {
  if (!existsSync(cacheRoot)) return;
  for (const entry of readdirSync(cacheRoot)) {
    if (entry.startsWith('catalogue-v') && !entry.startsWith(`catalogue-v${GENERATOR_VERSION}-`)) {
      rmSync(path.join(cacheRoot, entry), { recursive: true, force: true });
    }
  }
}
