#!/usr/bin/env node
/**
 * The web app's import rules (npm run lint):
 *
 * 1. A feature's insides are its own. `apps/web/src/features/<name>/` is one feature (the console,
 *    features/admin, is one with its sections); another feature, components/, lib/ and i18n/ may
 *    import only its public face, `features/<name>/index.ts`. Everything else in the folder is
 *    internal. The screens that put features together (routes/, App.tsx, entry-server.tsx), the
 *    service worker (service-worker/: an entry of its own, bundled apart, which takes the offline
 *    feature's storage names and expiry rule without the feature's screens) and the tests' helpers
 *    (test-support/) may reach inside.
 * 2. No loops between the app's parts: the parts are each feature, components/, lib/, i18n/, routes/
 *    and the files at src/ (entry points). A part that imports another may not be imported back by
 *    it, directly or through others: shared pieces belong in lib/ or components/, which import no feature.
 * 3. No loops between files.
 * 4. Page paths come from the contracts' route table (packages/contracts/src/routes.ts: PAGE_PATTERNS,
 *    pagePath, adminPath): no string or template literal names a page of the site ('/profile',
 *    `/login?return=…`, a bare '/' for the home page), so every link follows the table (page-paths.mjs).
 * 5. Requests go through the API client (lib/api-fetch.ts): no other file calls fetch, opens an
 *    XMLHttpRequest or sends a beacon. (The service worker's `scope.fetch` is the page's own request
 *    passing through, or its precaching: not a call of the app's.)
 * 6. The browser renders the server's decision of who may read a chapter (issue 57): no file joins a
 *    chapter's `is_free` with the reader's membership or unlocks, makes a value named as readability
 *    from them, or compares a chapter's early-access end (readability-in-web.mjs says exactly what
 *    counts). The chapter list's badges and save buttons read the access answer (features/chapters/
 *    chapter-badge.ts); the reader reads the chapter's own answer.
 * Rules 4 and 5 skip tests and excuse only what ALLOWED lists, each with its reason; rule 6 skips tests.
 *
 * Static imports and re-exports count, `import type` too (a loop of types is still a tangle);
 * `import()` does not: a lazy chunk is loaded on demand and is how routes open screens.
 * Exits 1 and lists every break.
 *
 * Usage: node scripts/check-imports-web.mjs [source directory] (default apps/web/src; the test in
 * apps/server/test runs it on a fixture tree).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loops } from './import-loops.mjs';
import { pagePathsIn, pagePathTest, pageSegments, requestsIn, unexcused } from './page-paths.mjs';
import { readabilityDecisionsIn } from './readability-in-web.mjs';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const defaultSource = path.join(root, 'apps/web/src');
const src = path.resolve(process.argv[2] ?? defaultSource);
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
const COMPOSERS = new Set(['src', 'routes', 'service-worker', 'test-support']);
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

/** The one module that sends requests: the typed API client. */
const CLIENT = 'lib/api-fetch.ts';
/** What rules 4 and 5 excuse: the file (under src/), the literal or request, and why. */
const ALLOWED = [
  { file: 'lib/return-path.ts', text: '/', reason: 'the first character of any same-site path (the return check), not the home page' },
  { file: 'features/push/push-subscription.ts', text: '/', reason: "base64's alphabet: base64url's '_' becomes '/'" },
  {
    file: 'service-worker/site-path.ts',
    text: '/',
    reason: "the first character of any same-site path (the check of a notice's address), not the home page",
  },
  {
    file: 'features/admin/uploads/upload-api.ts',
    text: 'XMLHttpRequest',
    reason: "the console's imports show upload progress, which fetch cannot report",
  },
];
const isPagePath = pagePathTest(pageSegments(), { home: true });
const findings = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  for (const found of pagePathsIn(file, text, isPagePath)) findings.push({ file: rel(file), ...found, kind: 'path' });
  if (rel(file) !== CLIENT) for (const found of requestsIn(file, text)) findings.push({ file: rel(file), ...found, kind: 'request' });
}
const { left, stale } = unexcused(findings, ALLOWED);
for (const { file, line, text, kind } of left)
  problems.push(
    kind === 'path'
      ? `${file}:${line} types the page path ${JSON.stringify(text)}: build it with the contracts' PAGE_PATTERNS, pagePath or adminPath (@inkstream/contracts/routes)`
      : `${file}:${line} sends a request with ${text}: go through the API client (${CLIENT}), or add what it lacks there`,
  );
for (const file of files)
  for (const { line, text } of readabilityDecisionsIn(file, readFileSync(file, 'utf8')))
    problems.push(
      `${rel(file)}:${line} decides who may read a chapter (${text}): render the server's answer instead (access, readable: features/chapters/chapter-badge.ts)`,
    );
// On the app itself, an excuse that no longer excuses anything goes, so the list stays true.
if (src === defaultSource)
  for (const { file, text } of stale)
    problems.push(`check-imports-web.mjs ALLOWED: ${file} has no ${JSON.stringify(text)} any more; remove the entry`);

if (problems.length > 0) {
  console.error(`Web import rules (scripts/check-imports-web.mjs), ${problems.length} broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Web imports: ${files.length} files, no feature's insides imported from outside it, no loops, page paths from the contracts, requests through ${CLIENT}, readability from the server.`,
);
