// The server's layers, written once (docs/ARCHITECTURE.md "Layers"): dependency-cruiser's rules for
// apps/server/src. Paths are relative to that folder. `npm run lint` runs them through
// scripts/check-module-floors.mjs, which also fails on a known exception that no longer happens;
// by hand (any reporter, e.g. `--output-type dot`): `cd apps/server/src && npx depcruise --config
// "$PWD/../.dependency-cruiser.mjs" .` (the CLI wants the config's full path).
//
// From the top down: the wiring root (the files at src/ and cli/) → modules/, floor by floor →
// the HTTP kit (http/) and plugins/ → lib/ and db/. A module imports modules of its own floor or
// of the floors below it, never above, and no two module folders import each other, directly or
// through others. Tests beside the code stand above what they test and may import any floor.

/**
 * The floors of modules/, from the ground up: each name is a folder of apps/server/src/modules/.
 * docs/ARCHITECTURE.md "Floors of modules" is this list as a table (a test holds them equal).
 */
export const FLOORS = [
  {
    floor: 'platform',
    says: 'services any domain may use: jobs, mail, media, metrics, cache invalidation, search index, site settings, legal texts, the audit log',
    modules: ['audit', 'cluster', 'jobs', 'legal', 'mail', 'media', 'metrics', 'search', 'settings'],
  },
  {
    floor: 'accounts',
    says: "readers' accounts: sign-in, the erased-account guard, membership grants, a reader's push devices",
    modules: ['membership', 'push', 'users'],
  },
  { floor: 'access', says: 'who may read a chapter: the one rule, in memory and as SQL', modules: ['access'] },
  {
    floor: 'catalogue',
    says: 'books, chapters, credits, publishing days, and the content that fills them',
    modules: ['catalogue', 'content'],
  },
  {
    floor: 'reader features',
    says: 'what readers do with the catalogue: read, follow, comment, discover, notices, feeds, pages',
    modules: ['community', 'discovery', 'events', 'library', 'notices', 'offline', 'opds', 'pages', 'reading'],
  },
  { floor: 'money', says: 'coins, coupons and payments, sold on top of the reader floors', modules: ['coins', 'coupons', 'payments'] },
  {
    floor: 'operator',
    says: "the console, statistics, a reader's data rights, backups, the demo, housekeeping, health",
    modules: ['admin', 'backup', 'data-rights', 'demo', 'housekeeping', 'stats', 'system'],
  },
];

/**
 * Imports that break the layers today, each with its reason: an import up a floor, or (listed both
 * ways) a pair of module folders that import each other. `from` and `to` are paths under src/: a
 * module folder (`modules/x/`) or a file. The check fails on one that no longer happens. The other
 * callers of bumpCatalogueVersion (coins, content, demo) import downward and need none.
 */
export const KNOWN_EXCEPTIONS = [
  {
    from: 'modules/catalogue/',
    to: 'modules/content/',
    reason: 'issue 57 item 3, in progress: catalogue and content import each other (images, pages) until catalogue writes raise events',
  },
  {
    from: 'modules/content/',
    to: 'modules/catalogue/',
    reason: 'issue 57 item 3, in progress: the importer writes through catalogue-write.repository and bumps the catalogue version',
  },
  {
    from: 'modules/legal/legal.service.ts',
    to: 'modules/catalogue/catalogue-write.repository.ts',
    reason: 'issue 57 item 3, in progress: publishing a legal text calls bumpCatalogueVersion until it raises an event',
  },
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A regular expression for paths starting with one of `prefixes` (a folder with its slash, or a file). */
const startingWith = (prefixes) => `^(?:${prefixes.map((prefix) => escape(prefix) + (prefix.endsWith('/') ? '' : '$')).join('|')})`;
const moduleFolders = (names) => names.map((name) => `modules/${name}/`);
/** The same for folder names, which dependency-cruiser writes without the trailing slash. */
const folderOrBelow = (folders) => `^(?:${folders.map((folder) => escape(folder.replace(/\/$/, ''))).join('|')})(?:/|$)`;
const TESTS = '\\.test\\.ts$';

/** One rule per floor: its modules import nothing from the floors above it (the known exceptions aside). */
function floorRules() {
  const rules = [];
  FLOORS.forEach(({ floor, modules }, at) => {
    const above = FLOORS.slice(at + 1).flatMap((higher) => higher.modules);
    if (above.length === 0) return;
    const excepted = KNOWN_EXCEPTIONS.filter((exception) => modules.some((name) => exception.from.startsWith(`modules/${name}/`)));
    const name = `floor-${floor.replace(/ /g, '-')}`;
    const comment = `the ${floor} floor imports no module of a floor above it`;
    rules.push({
      name,
      comment,
      severity: 'error',
      from: {
        path: startingWith(moduleFolders(modules)),
        pathNot: [TESTS, ...(excepted.length > 0 ? [startingWith(excepted.map((exception) => exception.from))] : [])],
      },
      to: { path: startingWith(moduleFolders(above)) },
    });
    // A file or folder with a known exception is held to the floors for every other import.
    for (const from of new Set(excepted.map((exception) => exception.from)))
      rules.push({
        name,
        comment,
        severity: 'error',
        from: { path: startingWith([from]), pathNot: TESTS },
        to: {
          path: startingWith(moduleFolders(above)),
          pathNot: startingWith(KNOWN_EXCEPTIONS.filter((exception) => exception.from === from).map((exception) => exception.to)),
        },
      });
  });
  return rules;
}

/** The module folders whose mutual imports are a known exception (a pair, both ways). */
const excusedPairs = KNOWN_EXCEPTIONS.filter(
  (exception) =>
    /^modules\/[^/]+\/$/.test(exception.from) &&
    KNOWN_EXCEPTIONS.some((other) => other.from === exception.to && other.to === exception.from),
);

const ROOT = '^(?:[^/]+\\.ts|cli/.*)$';

export default {
  forbidden: [
    {
      name: 'floor-knows-no-domain',
      comment:
        'plugins/, lib/, http/ and db/ are below the modules and must not import them (declare an interface there and let the wiring root hand in the implementation)',
      severity: 'error',
      from: { path: '^(?:plugins|lib|http|db)/' },
      to: { path: '^modules/' },
    },
    {
      name: 'lib-and-db-below-the-kit',
      comment: 'lib/ and db/ are below http/ and plugins/ (layers: modules → http, plugins → lib, db)',
      severity: 'error',
      from: { path: '^(?:lib|db)/' },
      to: { path: '^(?:http|plugins)/' },
    },
    {
      name: 'kit-below-plugins',
      comment: 'http/ is below plugins/: plugins import the kit, not the other way (layers: modules → http, plugins → lib, db)',
      severity: 'error',
      from: { path: '^http/' },
      to: { path: '^plugins/' },
    },
    {
      name: 'modules-not-plugins',
      comment: 'modules take guards, limits and cache rules from the HTTP kit (http/), never from plugins/',
      severity: 'error',
      from: { path: '^modules/' },
      to: { path: '^plugins/' },
    },
    {
      name: 'root-on-top',
      comment:
        'the wiring root (app.ts, services.ts, config.ts, cli/ …) is above everything: it reads the configuration and hands each part what it needs',
      severity: 'error',
      from: { path: '^(?:modules|plugins|http|lib|db)/', pathNot: TESTS },
      to: { path: ROOT },
    },
    ...floorRules(),
    {
      name: 'no-module-loop',
      comment:
        'module folders import one way: two modules that import each other, directly or through others, are one module or a missing floor',
      severity: 'error',
      scope: 'folder',
      from: {
        path: '^modules/([^/]+)',
        ...(excusedPairs.length > 0 ? { pathNot: folderOrBelow(excusedPairs.map((pair) => pair.from)) } : {}),
      },
      // Between module folders: the subfolders of one module are that module's own business.
      to: { path: '^modules/', pathNot: '^modules/$1(?:/|$)', circular: true },
    },
    ...excusedPairs.map((pair) => ({
      name: 'no-module-loop',
      comment:
        'module folders import one way: two modules that import each other, directly or through others, are one module or a missing floor',
      severity: 'error',
      scope: 'folder',
      from: { path: `^modules/(${escape(pair.from.split('/')[1])})(?:/|$)` },
      to: { path: '^modules/', pathNot: [folderOrBelow([pair.to]), '^modules/$1(?:/|$)'], circular: true },
    })),
    {
      name: 'no-file-loop',
      comment: 'no import loop among the server files, type-only imports too (move what both need into a third file)',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports count: a loop of types is still two files that cannot be read one without the other.
    tsPreCompilationDeps: true,
    // The server's own files: packages (the contracts included) are not followed.
    includeOnly: '^(?!\\.\\./).*\\.ts$',
    exclude: { path: '(?:^|/)node_modules/|\\.d\\.ts$' },
    doNotFollow: { path: 'node_modules' },
    moduleSystems: ['es6', 'cjs'],
  },
};
