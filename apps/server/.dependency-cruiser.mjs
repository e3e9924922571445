// The server's layers, written once (docs/ARCHITECTURE.md "Layers"): dependency-cruiser's rules for
// apps/server/src. Paths are relative to that folder. `npm run lint` runs them through
// scripts/check-module-floors.mjs, which also fails on a module folder on no floor; by hand (any reporter, e.g. `--output-type dot`): `cd apps/server/src && npx depcruise --config
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

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A regular expression for paths starting with one of `prefixes` (a folder with its slash, or a file). */
const startingWith = (prefixes) => `^(?:${prefixes.map((prefix) => escape(prefix) + (prefix.endsWith('/') ? '' : '$')).join('|')})`;
const moduleFolders = (names) => names.map((name) => `modules/${name}/`);
const TESTS = '\\.test\\.ts$';

/** One rule per floor: its modules import nothing from the floors above it. No exception is listed: a new one fails. */
function floorRules() {
  return FLOORS.flatMap(({ floor, modules }, at) => {
    const above = FLOORS.slice(at + 1).flatMap((higher) => higher.modules);
    if (above.length === 0) return [];
    return [
      {
        name: `floor-${floor.replace(/ /g, '-')}`,
        comment: `the ${floor} floor imports no module of a floor above it`,
        severity: 'error',
        from: { path: startingWith(moduleFolders(modules)), pathNot: TESTS },
        to: { path: startingWith(moduleFolders(above)) },
      },
    ];
  });
}

// The wiring root: the files at src/, the command line (cli/) and the root's stages (wiring/).
const ROOT = '^(?:[^/]+\\.ts|cli/.*|wiring/.*)$';

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
      from: { path: '^modules/([^/]+)' },
      // Between module folders: the subfolders of one module are that module's own business.
      to: { path: '^modules/', pathNot: '^modules/$1(?:/|$)', circular: true },
    },
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
