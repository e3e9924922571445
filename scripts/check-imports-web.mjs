#!/usr/bin/env node
/**
 * The web app's import rules (npm run lint):
 *
 * 1. A feature's insides are its own. `apps/web/src/features/<name>/` is one feature (the console,
 *    features/admin, is one with its sections); another feature, components/, lib/ and i18n/ may
 *    import only its public face, `features/<name>/index.ts`. Everything else in the folder is
 *    internal. The screens that put features together (routes/, App.tsx, entry-server.tsx) and the
 *    tests' helpers (test-support/) may reach inside.
 * 2. No loops between the app's parts: the parts are each feature, components/, lib/, i18n/, routes/
 *    and the files at src/ (entry points). A part that imports another may not be imported back by
 *    it, directly or through others: shared pieces belong in lib/ or components/, which import no feature.
 * 3. No loops between files.
 *
 * Static imports and re-exports count, `import type` too (a loop of types is still a tangle);
 * `import()` does not: a lazy chunk is loaded on demand and is how routes open screens.
 * Exits 1 and lists every break.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loops } from './import-loops.mjs';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/web/src');
const rel = (file) => path.relative(src, file).split(path.sep).join('/');

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Resolves a relative specifier as Vite does: the file, with .ts/.tsx/.d.ts, or its folder's index. */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = ['', '.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'].map((ending) => base + ending);
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

const IMPORT = /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/g;

function importsOf(file) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return [...text.matchAll(IMPORT)].map((match) => resolve(file, match[1])).filter((target) => target !== null);
}

/** The part of the app a file belongs to: `features/<name>`, a top folder, or `src` for the entry files. */
function partOf(file) {
  const [first, second] = rel(file).split('/');
  if (second === undefined) return 'src';
  return first === 'features' ? `features/${second}` : first;
}

/** The parts that assemble features into screens: they may import a feature's insides. */
const COMPOSERS = new Set(['src', 'routes', 'test-support']);
const isFeaturePublicFace = (file) => /^features\/[^/]+\/index\.tsx?$/.test(rel(file));

const files = sourceFiles(src).sort();
const fileGraph = new Map();
const partGraph = new Map();
const problems = [];
for (const file of files) {
  const targets = importsOf(file);
  fileGraph.set(rel(file), new Set(targets.map(rel)));
  const from = partOf(file);
  for (const target of targets) {
    const to = partOf(target);
    if (to === from) continue;
    if (!partGraph.has(from)) partGraph.set(from, new Set());
    partGraph.get(from).add(to);
    if (to.startsWith('features/') && !COMPOSERS.has(from) && !isFeaturePublicFace(target))
      problems.push(`${rel(file)} imports ${rel(target)}: import ${to}/index.ts, the feature's public face, instead`);
  }
}
for (const loop of loops(partGraph)) problems.push(`the app's parts import each other in a loop: ${loop.join(' ⇄ ')}`);
for (const loop of loops(fileGraph)) problems.push(`files import each other in a loop: ${loop.join(' ⇄ ')}`);

if (problems.length > 0) {
  console.error(`Web import rules (scripts/check-imports-web.mjs), ${problems.length} broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Web imports: ${files.length} files, no feature's insides imported from outside it, no loops.`);
