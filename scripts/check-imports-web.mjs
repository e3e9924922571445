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
 * 7. No module-level mutable state outside MODULE_STATE below: no top-level `let` or `var`, and no
 *    top-level Set, Map, array or object that a function changes (module-state.mjs, shared with the
 *    server's rule 4). The server renders many pages at once in one process from these same modules
 *    (entry-server.tsx), so what one render sets at module level another reads: what belongs to a
 *    render (its time, its data saver choice, whether the browser is taking it over) travels in the
 *    render's React context (lib/render-context.tsx), and a screen's state is React state or a hook.
 *    Module level is right only for what is one per browser tab and never set by a server render (a
 *    store over localStorage, IndexedDB, the connection or the service worker, which screens
 *    subscribe to; a queue flushed once at a time), for what the server sets once per process before
 *    any render, and for lazy imports and memos. Each entry says which; an entry that no longer
 *    matches its file fails too, so the list stays exact.
 * Rules 4 to 7 skip tests; 4 and 5 excuse only what ALLOWED lists, each with its reason.
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
import { checkModuleState } from './module-state.mjs';
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

// Rule 7: module-level state.

const TAB = 'one per browser tab, never set by a server render';
/** `file name` → why it lives at module level. */
const MODULE_STATE = new Map([
  ['entry-server.tsx languages', "a lazy memo of the server's process: each language's full translator, made once, read by every render"],
  [
    'lib/api-fetch.ts serverTransport',
    'set once per server process (configureServerRendering) before any render, the same for every render',
  ],
  [
    'features/reading/chapter-text.ts parseBody',
    "the server's HTML parser, set once per process before any render (configureServerRendering)",
  ],
  [
    'lib/decode-entities.ts decodeOnServer',
    "the server's entity decoder, set once per process before any render (configureServerRendering)",
  ],
  ['lib/decode-entities.ts scratch', "a lazy memo: the browser's one <textarea> that decodes entities"],
  ['features/admin/dashboard/UplotChart.tsx measure', 'a lazy memo: one canvas context to measure axis labels with'],
  ['features/admin/shell/admin-i18n.ts loaded', "a lazy import: the console's translations, once per page (one language a page load)"],
  [
    'features/reading/paged/load-paged-reader.ts loaded',
    "a lazy import: the paged reader's chunk, once loaded, rendered without suspending",
  ],
  ['features/reading/paged/load-paged-reader.ts loading', "a lazy import: the paged reader's chunk, asked for once"],
  ['i18n/index.ts loading', "a lazy import: each later part of the page's one language, loaded once"],
  ['i18n/active.ts active', `the browser's translator, ${TAB} (the server hands each render its own through TranslatorProvider)`],
  ['i18n/translator.ts onMissingValue', "what a text's missing {{value}} does: set once, by the web tests' setup, before any text"],
  [
    'lib/render-clock.tsx readAt',
    "the browser's time read once per task, so React reads one value for a render; the server reads the render's time",
  ],
  ['lib/data-saving.ts listeners', `the screens that follow the reader's data saver switch (localStorage), ${TAB}`],
  ['lib/online.ts unreachable', `whether a call failed at the network: the tab's connection, ${TAB}`],
  ['lib/online.ts listeners', `the screens that follow the tab's connection, ${TAB}`],
  ['lib/event-queue.ts sequence', 'a counter that makes the ids of kept events unique within the page'],
  ['lib/event-queue.ts flushing', `the one flush of kept events at a time: calls during it share it, ${TAB}`],
  ['lib/like-queue.ts flushing', `the one flush of queued likes at a time: calls during it share it, ${TAB}`],
  ['lib/progress-sync.ts pending', `reading positions waiting to be sent: one queue per tab, written to localStorage, never on the server`],
  ['lib/progress-sync.ts sending', `the positions of the send in flight, kept with the queue until answered (${TAB})`],
  ['lib/progress-sync.ts timer', "the queue's one debounce timer"],
  ['lib/progress-sync.ts firstQueuedAt', "when the queue's oldest unsent position was kept (the longest wait is bounded)"],
  ['lib/progress-sync.ts isInstalled', "the page's hide and connection listeners, installed once per tab"],
  ['lib/progress-sync.ts inFlight', `the one send at a time: calls during it share it, ${TAB}`],
  ['lib/progress-sync.ts observer', "the offline feature's one listener to each flush (saved chapters keep the reader's place)"],
  ['features/offline/offline-db.ts opening', `the page's one IndexedDB connection, ${TAB}`],
  ['features/offline/offline-start.ts running', `the offline start's one run at a time (at start and when the connection returns), ${TAB}`],
  [
    'features/offline/offline-changes.ts version',
    `a counter of changes to the saved chapters (IndexedDB), part of the screens' query keys, ${TAB}`,
  ],
  ['features/offline/offline-changes.ts listeners', `the screens that follow the saved chapters and the save run, ${TAB}`],
  ['features/offline/offline-changes.ts runOrigin', `which screen's save run is on, told by save-run.ts, ${TAB}`],
  [
    'features/offline/save-run.ts run',
    `the page's one save run: it outlives the screen that started it (a reader moves on while it saves), ${TAB}`,
  ],
  ['features/offline/save-run.ts controller', "the save run's abort, for the Stop button of whichever screen shows it"],
  [
    'features/offline/save-run.ts answer',
    "the save run's pending question (a large save asks first), answered from whichever screen shows it",
  ],
  ['features/offline/save-run.ts listeners', `the screens that follow the save run, ${TAB}`],
  ['features/offline/save-run.ts pending', 'saves asked for while the run is on: they join it, in order'],
  ['features/offline/save-run.ts current', 'the save now running, so pressing one of its chapters again adds nothing'],
  ['features/pwa/service-worker.ts registering', `the page's one service worker registration, ${TAB}`],
  [
    'features/pwa/app-notices.tsx state',
    "what the app's notices show (a waiting update, the install prompt): the tab's, drawn in a root of their own",
  ],
  ['features/pwa/app-notices.tsx root', "the notices' own React root under the page's, made once per tab"],
  ['features/pwa/app-notices.tsx visitCounted', 'the install offer counts a page load as a visit once'],
  [
    'features/reading/modes/account-preferences.ts writers',
    "per query cache, keyed weakly: each member's preferences writer lives as long as the app's cache",
  ],
  [
    'features/reading/modes/visitor-preferences.ts listeners',
    `the screens that follow a visitor's reading preferences (localStorage), ${TAB}`,
  ],
  [
    'features/reading/modes/visitor-preferences.ts cached',
    'a memo: the stored preferences parsed once per stored string, so React sees one object until it changes',
  ],
  [
    'features/reading/modes/visitor-preferences.ts unsaved',
    `the choice storage refused to keep (disabled, full): it holds until the page closes, ${TAB}`,
  ],
]);
const stateCheck = checkModuleState(
  files.map((file) => ({ file: rel(file), text: readFileSync(file, 'utf8') })),
  MODULE_STATE,
  {
    listName: 'check-imports-web.mjs MODULE_STATE',
    isWholeApp: src === defaultSource,
    advice:
      'state shared by every render of the server and every screen of the tab (what belongs to a render goes in its ' +
      "React context, lib/render-context.tsx; a screen's state in React state or a hook; what is one per tab, a lazy " +
      'import or a memo goes in MODULE_STATE with its reason)',
  },
);
problems.push(...stateCheck.problems);

if (problems.length > 0) {
  console.error(`Web import rules (scripts/check-imports-web.mjs), ${problems.length} broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Web imports: ${files.length} files, no feature's insides imported from outside it, no loops, page paths from the contracts, requests through ${CLIENT}, readability from the server, module-level state only as allowed (${stateCheck.seen}).`,
);
