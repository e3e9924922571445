// The server's rules that are about what a file says rather than what it imports (docs/ARCHITECTURE.md,
// "Layers"). Run by `npm run lint`; prints each broken rule and exits 1. The import direction (the
// floor knows no domain, the floors of modules, no module or file loop) is dependency-cruiser's, with
// the rules of apps/server/.dependency-cruiser.mjs (scripts/check-module-floors.mjs).
//
// 1. Only repositories run SQL: outside db/ and `*.repository.ts`, no file builds a query
//    (selectFrom, insertInto, updateTable, deleteFrom, replaceInto, mergeInto, the sql tag).
//    Services own transactions (`domainEvents.transact(…)`, db/domain-events.ts, when the work
//    raises an event; else `db.transaction().execute(…)`) and hand them to repositories.
//    membership/membership-end.ts is the one exception: the membership-end expression that
//    every repository composes (a shared piece of query, not a statement of its own), and
//    access/chapter-access.sql.ts likewise (the access rule's terms as SQL).
// 2. One door to paid content (docs/ARCHITECTURE.md "Who may read what"): outside modules/access/,
//    no line compares anything with a book's count of free chapters (public_free_chapters,
//    publicFreeChapters), and outside modules/access/ and modules/membership/ nothing uses the
//    membership module's rules for a running membership (membershipStateOf, membershipEndOf) to
//    decide who may read: both go through the access module's chapterAccessOf / isOpenToEveryone /
//    isOpenToEveryoneSql, so a new way to read a paid chapter is one case there. Early access has
//    one predicate too (issue 57): outside modules/access/ (and db/), no line compares a chapter's
//    early-access end (early_access_until, earlyAccessUntil) with a time; the catalogue and coins
//    ask isInEarlyAccess / isInEarlyAccessSql with the clock they were given. Setting it, or the
//    compare-and-swap on its exact value (`=`), is not a comparison with a time.
// 3. Links to the site's pages come from the contracts' route table (packages/contracts/src/routes.ts:
//    PAGE_PATTERNS, pagePath): no string or template literal outside tests names a page ('/profile',
//    `${publicUrl}/book/chapters/…`; page-paths.mjs). The server's own route paths and prefixes
//    (`app.get('/reader/progress', …)` under /api/v1) are not links. ALLOWED excuses a literal, with its reason.
// 4. No module-level mutable state outside MODULE_STATE below: no `let` or `var` at a file's top
//    level, and no top-level `const x = new …` (a Set, a Map, a cache), array or object literal that
//    a function mutates (add, set, delete, push, x[k] = …; found by module-state.mjs). Such state is shared by every caller in
//    the process, invisible to the wiring root: what must happen after a change is an event of
//    db/domain-events.ts, and state belongs to the object services.ts builds. A table filled once at
//    the top level and only read is not state. Each allowed entry says why it is module-level;
//    an entry that no longer matches its file fails too, so the list stays exact.
// 5. One source for "what changed" (docs/ARCHITECTURE.md, "After a commit"): a write raises what it
//    changed (book-changed, chapter-changed, site-settings-changed, legal-text-published) and the
//    one handler, modules/catalogue/catalogue-changes.ts, moves the version caches are kept by. No
//    other file calls the version write (moveVersion, or the bumpCatalogueVersion it replaced) or
//    names the versions' app_state keys (VERSION_KEYS); the repository that defines them is the exception.
// 6. Services open transactions, repositories take them: no `*.repository.ts` calls `.transaction()`
//    except those in REPOSITORY_TRANSACTIONS, each with the reason the transaction is the
//    statement's own detail (an isolation level, a pair of statements no caller splits).
//
// Usage: node scripts/check-imports-server.mjs [source directory] (default apps/server/src; the
// test in apps/server/test runs it on a fixture tree).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkModuleState } from './module-state.mjs';
import { pagePathsIn, pagePathTest, pageSegments, unexcused } from './page-paths.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.resolve(process.argv[2] ?? path.join(ROOT, 'apps/server/src'));

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
// Rule 2: the access rule's terms are compared in modules/access/ only.
const FREE_COUNT = /\bpublic_free_chapters\b|\bpublicFreeChapters\b/;
/** A comparison operator (not an arrow `=>` or `->`), bare or quoted as Kysely takes it. */
const COMPARISON = /(?<![=-])[<>]=?/;
const MEMBERSHIP_RULES = /\b(?:membershipStateOf|membershipEndOf)\b/;
const EARLY_ACCESS_END = /\bearly_access_until\b|\bearlyAccessUntil\b/;
for (const file of files) {
  if (/\.test\.tsx?$/.test(file) || file.startsWith('modules/access/') || top(file) === 'db') continue;
  const lines = readFileSync(path.join(SOURCE, file), 'utf8').split('\n');
  lines.forEach((line, at) => {
    const code = line.replace(/\/\/.*$|^\s*\*.*$|^\s*\/\*\*?.*$/, '');
    if (FREE_COUNT.test(code) && COMPARISON.test(code))
      problems.push(
        `${file}:${at + 1} compares with a book's count of free chapters: who may read a chapter is decided in modules/access/ only (isOpenToEveryone, isOpenToEveryoneSql, chapterAccessOf)`,
      );
    if (EARLY_ACCESS_END.test(code) && COMPARISON.test(code))
      problems.push(
        `${file}:${at + 1} compares a chapter's early-access end with a time: whether a chapter is in early access is decided in modules/access/ only (isInEarlyAccess, isInEarlyAccessSql)`,
      );
    if (!file.startsWith('modules/membership/') && MEMBERSHIP_RULES.test(code))
      problems.push(
        `${file}:${at + 1} uses the membership's running-state rule: who may read a chapter is decided in modules/access/ only (chapterAccessOf, readerTermsSql)`,
      );
  });
}
// Rule 5: versions move in the change handler only.
const VERSION_HANDLER = 'modules/catalogue/catalogue-changes.ts';
const VERSION_STORE = 'modules/catalogue/catalogue-version.repository.ts';
const VERSION_WRITE = /\b(?:moveVersion|bumpCatalogueVersion|VERSION_KEYS)\b/;
for (const file of files) {
  if (/\.test\.tsx?$/.test(file) || file === VERSION_HANDLER || file === VERSION_STORE) continue;
  const lines = readFileSync(path.join(SOURCE, file), 'utf8').split('\n');
  lines.forEach((line, at) => {
    const code = line.replace(/\/\/.*$|^\s*\*.*$|^\s*\/\*\*?.*$/, '');
    if (VERSION_WRITE.test(code))
      problems.push(
        `${file}:${at + 1} moves a cache version by hand: raise what changed inside domainEvents.transact (book-changed, chapter-changed, ` +
          `site-settings-changed, legal-text-published); only ${VERSION_HANDLER} moves versions`,
      );
  });
}
// Rule 6: repositories open no transaction of their own, but these.
const REPOSITORY_TRANSACTIONS = new Map([
  ['modules/users/login-throttle.repository.ts', "a login's success forgets the pair and the address's attempt together"],
  ['modules/membership/member-state.repository.ts', "`atomically`: the caller's transaction, or one of its own when given the pool"],
  ['modules/data-rights/export/export-snapshot.repository.ts', 'one read-only REPEATABLE READ snapshot for a whole export'],
]);
for (const file of files) {
  if (!file.endsWith('.repository.ts')) continue;
  const opens = /\.transaction\(\)/.test(readFileSync(path.join(SOURCE, file), 'utf8'));
  if (opens && !REPOSITORY_TRANSACTIONS.has(file))
    problems.push(
      `${file} opens a transaction: services open them (domainEvents.transact, or db.transaction() in the service) and hand them to repositories`,
    );
  if (!opens && REPOSITORY_TRANSACTIONS.has(file) && SOURCE === path.join(ROOT, 'apps/server/src'))
    problems.push(`${file} is listed in REPOSITORY_TRANSACTIONS but opens no transaction: remove it from the list`);
}

/** Page paths rule 3 excuses: `{ file, text, reason }`, the file relative to the source folder. None today. */
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

// Module-level mutable state (rule 4), found by module-state.mjs (shared with check-imports-web.mjs).

/** `file name` → why it lives at module level. */
const MODULE_STATE = new Map([
  ['db/direct-reads.ts directReadsByHandle', 'per database handle, keyed weakly: the prepared reads of a handle, gone with it'],
  ['db/postgres-driver.ts configured', "pg's type parsers are set once per process, on the first PostgreSQL connection"],
  ['modules/media/image-pipeline.ts pixelsInFlight', 'a process-wide budget: the pixels decoded at once, whoever imports'],
  ['modules/media/image-pipeline.ts pixelWaiters', 'the pages waiting for that process-wide pixel budget'],
  ['modules/search/term-index.ts rows', 'scratch buffers of the edit-distance table, reused by each search (one runs at a time)'],
  ['modules/search/title-highlights.ts foldedChars', 'a bounded memo of a pure function (one character folded), cleared when full'],
  [
    'modules/search/title-highlights.ts foldedTitles',
    'a bounded memo of a pure function (a title folded with its map), least recently used out',
  ],
  [
    'modules/catalogue/schedule-time.ts formatters',
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
  `check-imports-server: ${files.length} files in ${where}, SQL only in repositories, ` +
    `access decided in modules/access/ only, versions moved by the change handler only, page paths from the contracts, ` +
    `transactions opened by services (${REPOSITORY_TRANSACTIONS.size} repositories excepted), ` +
    `module-level state only as allowed (${stateCheck.seen})`,
);
