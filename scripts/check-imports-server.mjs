// The server's import direction (docs/ARCHITECTURE.md, "Layers"): the wiring root (app.ts,
// services.ts, cli/) → modules/ → the HTTP kit (http/) and plugins/ → lib/ and db/. Run by
// `npm run lint`; prints each broken rule and exits 1.
//
// 1. Nothing in plugins/, lib/, http/ or db/ imports from modules/: the floor knows no domain.
//    Plugins declare small interfaces (an authenticator, a version source, CSP sources) and the
//    wiring root hands in the domain's implementations. Within the floor, lib/ and db/ import
//    neither http/ nor plugins/, and http/ does not import plugins/.
// 2. Nothing in modules/ imports from plugins/: routes take guards, limits and cache rules from
//    the HTTP kit, which plugins import as well.
// 3. No import loop among the server's files. Type-only imports count too: a loop of types is
//    still two files that cannot be understood or moved one without the other.
// 4. Only repositories run SQL: outside db/ and `*.repository.ts`, no file builds a query
//    (selectFrom, insertInto, updateTable, deleteFrom, replaceInto, mergeInto, the sql tag).
//    Services own transactions (`domainEvents.transact(…)`, db/domain-events.ts, when the work
//    raises an event; else `db.transaction().execute(…)`) and hand them to repositories.
//    membership/membership-end.ts is the one exception: the membership-end expression that
//    every repository composes (a shared piece of query, not a statement of its own), and
//    access/chapter-access.sql.ts likewise (the access rule's terms as SQL).
// 5. One door to paid content (docs/ARCHITECTURE.md "Who may read what"): outside modules/access/,
//    no line compares anything with a book's count of free chapters (public_free_chapters,
//    publicFreeChapters), and outside modules/access/ and modules/membership/ nothing uses the
//    membership module's rules for a running membership (membershipStateOf, membershipEndOf) to
//    decide who may read: both go through the access module's chapterAccessOf / isOpenToEveryone /
//    isOpenToEveryoneSql, so a new way to read a paid chapter is one case there.
// 6. Links to the site's pages come from the contracts' route table (packages/contracts/src/routes.ts:
//    PAGE_PATTERNS, pagePath): no string or template literal outside tests names a page ('/profile',
//    `${publicUrl}/book/chapters/…`; page-paths.mjs). The server's own route paths and prefixes
//    (`app.get('/reader/progress', …)` under /api/v1) are not links. ALLOWED excuses a literal, with its reason.
// 7. No module-level mutable state outside MODULE_STATE below: no `let` or `var` at a file's top
//    level, and no top-level `const x = new …` (a Set, a Map, a cache), array or object literal that
//    a function mutates (add, set, delete, push, x[k] = …; found by module-state.mjs). Such state is shared by every caller in
//    the process, invisible to the wiring root: what must happen after a change is an event of
//    db/domain-events.ts, and state belongs to the object services.ts builds. A table filled once at
//    the top level and only read is not state. Each allowed entry says why it is module-level;
//    an entry that no longer matches its file fails too, so the list stays exact.
//
// Usage: node scripts/check-imports-server.mjs [source directory] (default apps/server/src; the
// test in apps/server/test runs it on a fixture tree).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loops } from './import-loops.mjs';
import { checkModuleState } from './module-state.mjs';
import { pagePathsIn, pagePathTest, pageSegments, unexcused } from './page-paths.mjs';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.resolve(process.argv[2] ?? path.join(ROOT, 'apps/server/src'));

const FLOOR = ['plugins', 'lib', 'http', 'db'];
/** Within the floor: what each folder may not import (besides modules/). */
const FLOOR_BELOW = { lib: ['http', 'plugins'], db: ['http', 'plugins'], http: ['plugins'], plugins: [] };

/** Every .ts file under `dir`, as a path relative to SOURCE with forward slashes. */
function sourceFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(path.relative(SOURCE, full).split(path.sep).join('/'));
  }
  return files;
}

const files = sourceFiles(SOURCE);
const known = new Set(files);

/** The server file a relative specifier names ('./x.js' is x.ts), or null for packages and other files. */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const base = target.replace(/\.(?:m?js|tsx?)$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (known.has(candidate)) return candidate;
  return null;
}

// preProcessFile reads every import, export … from, import type, require() and import() (type
// positions such as `import('./x.js').T` included), without type checking: fast enough for lint.
const graph = new Map();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(path.join(SOURCE, file), 'utf8'), true, true);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    const target = resolve(file, fileName);
    if (target && target !== file) targets.add(target);
  }
  graph.set(file, [...targets].sort());
}

const top = (file) => file.split('/')[0];
const problems = [];

const QUERY_BUILDING =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(?:<[^>]*>)?`|\bsql\.(?:raw|ref|lit|join|id|table|val)\(/;
const SHARED_QUERY_PIECES = new Set(['modules/membership/membership-end.ts', 'modules/access/chapter-access.sql.ts']);
for (const file of files) {
  if (top(file) === 'db' || file.endsWith('.repository.ts') || /\.test\.tsx?$/.test(file) || SHARED_QUERY_PIECES.has(file)) continue;
  const lines = readFileSync(path.join(SOURCE, file), 'utf8').split('\n');
  const at = lines.findIndex((line) => QUERY_BUILDING.test(line));
  if (at >= 0)
    problems.push(
      `${file}:${at + 1} builds SQL: only repositories (*.repository.ts) and db/ run SQL; move the statement into the module's repository`,
    );
}
// Rule 5: the access rule's terms are compared in modules/access/ only.
const FREE_COUNT = /\bpublic_free_chapters\b|\bpublicFreeChapters\b/;
/** A comparison operator (not an arrow `=>` or `->`), bare or quoted as Kysely takes it. */
const COMPARISON = /(?<![=-])[<>]=?/;
const MEMBERSHIP_RULES = /\b(?:membershipStateOf|membershipEndOf)\b/;
for (const file of files) {
  if (/\.test\.tsx?$/.test(file) || file.startsWith('modules/access/') || top(file) === 'db') continue;
  const lines = readFileSync(path.join(SOURCE, file), 'utf8').split('\n');
  lines.forEach((line, at) => {
    const code = line.replace(/\/\/.*$|^\s*\*.*$|^\s*\/\*\*?.*$/, '');
    if (FREE_COUNT.test(code) && COMPARISON.test(code))
      problems.push(
        `${file}:${at + 1} compares with a book's count of free chapters: who may read a chapter is decided in modules/access/ only (isOpenToEveryone, isOpenToEveryoneSql, chapterAccessOf)`,
      );
    if (!file.startsWith('modules/membership/') && MEMBERSHIP_RULES.test(code))
      problems.push(
        `${file}:${at + 1} uses the membership's running-state rule: who may read a chapter is decided in modules/access/ only (chapterAccessOf, readerTermsSql)`,
      );
  });
}
/** Page paths rule 6 excuses: `{ file, text, reason }`, the file relative to the source folder. None today. */
const ALLOWED = [];
const isPagePath = pagePathTest(pageSegments(), { home: false });
const pagePaths = [];
for (const file of files) {
  if (/\.test\.tsx?$/.test(file)) continue;
  for (const found of pagePathsIn(file, readFileSync(path.join(SOURCE, file), 'utf8'), isPagePath)) pagePaths.push({ file, ...found });
}
const { left } = unexcused(pagePaths, ALLOWED);
for (const { file, line, text } of left)
  problems.push(`${file}:${line} types the page path ${JSON.stringify(text)}: build it with the contracts' PAGE_PATTERNS or pagePath`);

for (const [file, targets] of graph) {
  for (const target of targets) {
    if (FLOOR.includes(top(file)) && top(target) === 'modules')
      problems.push(
        `${file} imports ${target}: ${top(file)}/ is below the modules and must not import them ` +
          `(declare an interface in ${top(file)}/ and let the wiring root hand in the module's implementation)`,
      );
    if (FLOOR_BELOW[top(file)]?.includes(top(target)))
      problems.push(`${file} imports ${target}: ${top(file)}/ is below ${top(target)}/ (layers: modules → http, plugins → lib, db)`);
    if (top(file) === 'modules' && top(target) === 'plugins')
      problems.push(
        `${file} imports ${target}: modules take guards, limits and cache rules from the HTTP kit (http/), never from plugins/`,
      );
  }
}

// Import loops: each strongly connected component of more than one file (import-loops.mjs).

/** One cycle through the component, to print: start at its first file and follow arrows inside it. */
function cycleOf(component) {
  const inside = new Set(component);
  const start = component[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const target of graph.get(file)) {
      if (!inside.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = file; at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return component;
}
for (const component of loops(graph))
  problems.push(`import loop among ${component.length} files: ${cycleOf(component).join(' → ')} (move what both need into a third file)`);

// Module-level mutable state (rule 7), found by module-state.mjs (shared with check-imports-web.mjs).

/** `file name` → why it lives at module level. */
const MODULE_STATE = new Map([
  ['db/direct-reads.ts directReadsByHandle', 'per database handle, keyed weakly: the prepared reads of a handle, gone with it'],
  ['db/postgres-driver.ts configured', "pg's type parsers are set once per process, on the first PostgreSQL connection"],
  ['modules/content/image-pipeline.ts pixelsInFlight', 'a process-wide budget: the pixels decoded at once, whoever imports'],
  ['modules/content/image-pipeline.ts pixelWaiters', 'the pages waiting for that process-wide pixel budget'],
  ['modules/search/term-index.ts rows', 'scratch buffers of the edit-distance table, reused by each search (one runs at a time)'],
  ['modules/search/title-highlights.ts foldedChars', 'a bounded memo of a pure function (one character folded), cleared when full'],
  [
    'modules/search/title-highlights.ts foldedTitles',
    'a bounded memo of a pure function (a title folded with its map), least recently used out',
  ],
  [
    'modules/discovery/schedule-time.ts formatters',
    'a bounded memo of a pure function (an Intl formatter per time zone name), cleared when full',
  ],
  ['modules/users/password.ts dummyHash', 'a lazy memo: the hash of a random password, made on first use'],
  ['modules/users/two-step.ts otplib', 'a lazy import: otplib is loaded with the first code checked'],
  ['plugins/public-cache.ts rules', "per route, keyed weakly: each route's Vary rule, read once from its options"],
]);
const stateCheck = checkModuleState(
  files.filter((file) => !/\.test\.tsx?$/.test(file)).map((file) => ({ file, text: readFileSync(path.join(SOURCE, file), 'utf8') })),
  MODULE_STATE,
  {
    listName: 'MODULE_STATE',
    isWholeApp: SOURCE === path.join(ROOT, 'apps/server/src'),
    advice:
      "state shared by the whole process behind the wiring root's back " +
      '(raise a domain event, db/domain-events.ts, or keep it in an object services.ts builds; ' +
      'a lazy memo, a lazy import or a process-wide budget goes in MODULE_STATE with its reason)',
  },
);
problems.push(...stateCheck.problems);

const where = path.relative(ROOT, SOURCE) || '.';
if (problems.length > 0) {
  console.error(`check-imports-server: ${problems.length} problem(s) in ${where}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `check-imports-server: ${files.length} files in ${where}, no floor import of modules/, no module import of plugins/, no loop, SQL only in repositories, ` +
    `access decided in modules/access/ only, page paths from the contracts, module-level state only as allowed (${stateCheck.seen})`,
);
