import { describe, expect, it } from 'vitest';
import { lintScriptOnTrees } from './helpers/lint-script.js';

// scripts/check-imports-server.mjs (run by `npm run lint`) on small fixture trees: each rule is
// broken once and the script must fail naming the file; a tree that keeps the rules passes. The
// import direction is check-module-floors.mjs's (check-module-floors.test.ts).
const check = lintScriptOnTrees('check-imports-server.mjs');

const layered = {
  'app.ts': "import { registerAuth } from './plugins/auth.js';\nimport { usersRoutes } from './modules/users/users.routes.js';\n",
  'plugins/auth.ts': "import { invalidTokenError } from '../http/guards.js';\nexport interface Authenticator {}\n",
  'http/guards.ts': "import { AppError } from '../lib/app-error.js';\n",
  'lib/app-error.ts': 'export class AppError {}\n',
  'modules/users/users.routes.ts': "import { requireUser } from '../../http/guards.js';\nimport type { Db } from '../../db/database.js';\n",
  'db/database.ts': 'export type Db = object;\n',
};

describe('check-imports-server', () => {
  it('passes a tree that keeps the rules', () => {
    const result = check(layered);
    expect(result.output).toContain('SQL only in repositories');
    expect(result.status).toBe(0);
  });

  it('fails on SQL outside a repository, and passes it in one', () => {
    const inService = check({
      ...layered,
      'modules/users/users.service.ts': "export const find = (db: any) =>\n  db.selectFrom('users').selectAll().execute();\n",
    });
    expect(inService.status).toBe(1);
    expect(inService.output).toContain('modules/users/users.service.ts:2 builds SQL');
    const tagged = check({ ...layered, 'cli/commands/x.ts': "import { sql } from 'kysely';\nexport const q = sql<number>`select 1`;\n" });
    expect(tagged.status).toBe(1);
    expect(tagged.output).toContain('cli/commands/x.ts:2 builds SQL');
    const inRepository = check({
      ...layered,
      'modules/users/users.repository.ts': "export const find = (db: any) => db.selectFrom('users').selectAll().execute();\n",
      'modules/users/users.service.ts': 'export const run = (db: any, work: any) => db.transaction().execute(work);\n',
    });
    expect(inRepository.output).toContain('SQL only in repositories');
    expect(inRepository.status).toBe(0);
  });

  it('fails on a repository that opens its own transaction, unless listed with its reason', () => {
    const opening = check({
      ...layered,
      'modules/coins/coin-ledger.repository.ts':
        "export const credit = (db: any, id: number) =>\n  db.transaction().execute((trx: any) => trx.updateTable('x').set({ id }).execute());\n",
    });
    expect(opening.status).toBe(1);
    expect(opening.output).toContain('modules/coins/coin-ledger.repository.ts opens a transaction');
    const listed = check({
      ...layered,
      'modules/users/login-throttle.repository.ts': 'export const forgive = (db: any, work: any) => db.transaction().execute(work);\n',
    });
    expect(listed.output).toContain('transactions opened by services');
    expect(listed.status).toBe(0);
  });

  it('fails where a file outside modules/access decides who may read (free count compared, membership rule used)', () => {
    const cases: Record<string, string> = {
      'modules/pages/seo.service.ts': 'export const isFree = (chapter: any) => chapter.number <= chapter.public_free_chapters;\n',
      'modules/reading/reading.repository.ts':
        "export const free = (q: any) => q.whereRef('chapters.number', '<=', 'books.public_free_chapters');\n",
      'modules/catalogue/catalogue.service.ts': 'export const isFree = (c: any, b: any) => c.number > b.publicFreeChapters;\n',
      'modules/reading/reading.service.ts':
        "import { membershipStateOf } from '../membership/membership.service.js';\nexport const ok = (end: number) => membershipStateOf(end, 0) === 'member';\n",
    };
    for (const [file, text] of Object.entries(cases)) {
      const result = check({ ...layered, [file]: text });
      expect(result.status, file).toBe(1);
      expect(result.output, file).toContain(`${file}:`);
      expect(result.output, file).toContain('decided in modules/access/ only');
    }
    // The same lines in the access module, and a free count only carried (not compared), pass.
    const inAccess = check({
      ...layered,
      'modules/access/chapter-access.ts':
        "import { membershipStateOf } from '../membership/membership.service.js';\nexport const isFree = (c: any) => c.number <= c.publicFreeChapters && membershipStateOf(1, 0);\n",
      'modules/catalogue/catalogue.service.ts': 'export const view = (b: any) => ({ public_free_chapters: b.public_free_chapters });\n',
    });
    expect(inAccess.output).toContain('access decided in modules/access/ only');
    expect(inAccess.status).toBe(0);
  });

  it('fails where a file other than the change handler moves a cache version (the bump of before the events, the keys)', () => {
    const handler = {
      'modules/catalogue/catalogue-version.repository.ts':
        "export const VERSION_KEYS = { catalogue: 'catalogue_version' };\nexport async function moveVersion(trx: any, topic: string) {}\n",
      'modules/catalogue/catalogue-changes.ts':
        "import { moveVersion } from './catalogue-version.repository.js';\nexport const handle = (trx: any) => moveVersion(trx, 'catalogue');\n",
    };
    const byHand = check({
      ...layered,
      ...handler,
      'modules/legal/legal.service.ts':
        "import { moveVersion } from '../catalogue/catalogue-version.repository.js';\n" +
        "export const publish = async (trx: any) => {\n  await moveVersion(trx, 'catalogue');\n};\n",
      'modules/demo/demo-catalogue.ts': "import { bumpCatalogueVersion } from '../catalogue/catalogue-write.repository.js';\n",
      'modules/content/lite-backfill.ts':
        "import { VERSION_KEYS } from '../catalogue/catalogue-version.repository.js';\nexport const key = VERSION_KEYS.catalogue;\n",
    });
    expect(byHand.status).toBe(1);
    expect(byHand.output).toContain('modules/legal/legal.service.ts:1 moves a cache version by hand');
    expect(byHand.output).toContain('modules/legal/legal.service.ts:3 moves a cache version by hand');
    expect(byHand.output).toContain('modules/demo/demo-catalogue.ts:1 moves a cache version by hand');
    expect(byHand.output).toContain('modules/content/lite-backfill.ts:1 moves a cache version by hand');
    expect(byHand.output).not.toContain('catalogue-changes.ts:');
    const raised = check({
      ...layered,
      ...handler,
      'modules/legal/legal.service.ts':
        '// publishing once called moveVersion by hand\nexport const publish = async (events: any, trx: any) => {\n' +
        "  await events.raise(trx, { type: 'legal-text-published', kind: 'privacy', language: 'en' });\n};\n",
      'modules/catalogue/catalogue-changes.test.ts': "import { moveVersion } from './catalogue-version.repository.js';\n",
    });
    expect(raised.output).toContain('versions moved by the change handler only');
    expect(raised.status).toBe(0);
  });

  it("fails where a file outside modules/access compares a chapter's early-access end with a time (issue 57)", () => {
    const cases: Record<string, string> = {
      'modules/catalogue/catalogue.service.ts':
        'export const early = (c: any) => c.early_access_until !== null && Number(c.early_access_until) > Date.now();\n',
      'modules/coins/early-access.repository.ts':
        "export const inEarly = (q: any, at: number) => q.where('early_access_until', '>', at);\n",
      'modules/reading/reading.service.ts': 'export const early = (t: any, now: number) => now < t.earlyAccessUntil;\n',
    };
    for (const [file, text] of Object.entries(cases)) {
      const result = check({ ...layered, [file]: text });
      expect(result.status, file).toBe(1);
      expect(result.output, file).toContain(`${file}:1 compares a chapter's early-access end with a time`);
    }
    // The predicate in the access module, its use elsewhere, setting the end and its compare-and-swap pass.
    const kept = check({
      ...layered,
      'modules/access/chapter-access.ts':
        'export const isInEarlyAccess = (c: any, now: number) => c.earlyAccessUntil !== null && c.earlyAccessUntil > now;\n',
      'modules/access/chapter-access.sql.ts':
        "export const isInEarlyAccessSql = (at: number) => (eb: any) => eb('chapters.early_access_until', '>', at);\n",
      'modules/coins/early-access.repository.ts': [
        'export const inEarly = (q: any, at: number, sql: any) => q.where(sql.isInEarlyAccessSql(at));',
        "export const end = (q: any, until: number) => q.set({ early_access_until: null }).where('early_access_until', '=', until);",
        '',
      ].join('\n'),
      'modules/catalogue/catalogue.service.ts':
        'export const field = (c: any, at: number, early: any) => (early({ earlyAccessUntil: c.early_access_until }, at) ? {} : {});\n',
    });
    expect(kept.output).toContain('access decided in modules/access/ only');
    expect(kept.status).toBe(0);
  });

  it('fails on a page path typed outside the contracts, and passes the routes the server answers at', () => {
    const mail = check({
      ...layered,
      'modules/users/users.service.ts':
        'export const link = (publicUrl: string, token: string) =>\n  `${publicUrl}/reset-password?token=${token}`;\n',
      'modules/notices/reminders.ts': "export const TOP_UP_PATH = '/profile#top-up';\n",
    });
    expect(mail.status).toBe(1);
    expect(mail.output).toContain('modules/users/users.service.ts:2 types the page path "/reset-password?token="');
    expect(mail.output).toContain('modules/notices/reminders.ts:1 types the page path "/profile#top-up"');
    const routes = check({
      ...layered,
      'modules/library/library.routes.ts': "export const routes = (app: any) => {\n  app.get('/reader/progress', {}, () => null);\n};\n",
      'app.ts': "export const scope = { prefix: '/admin' };\n// a comment may name '/profile'\n",
      'modules/pages/pages.test.ts': "export const page = '/profile';\n",
    });
    expect(routes.output).toContain('page paths from the contracts');
    expect(routes.status).toBe(0);
  });

  it('fails on module-level mutable state: the mail wake flag of before the domain events, a registry of watchers', () => {
    const flag = check({
      ...layered,
      'modules/mail/mail-queue.ts':
        'export function queueMail(): void {\n  mailQueuedSinceWake = true;\n}\nlet mailQueuedSinceWake = false;\n' +
        'export const takeMailQueued = () => mailQueuedSinceWake;\n',
    });
    expect(flag.status).toBe(1);
    expect(flag.output).toContain('modules/mail/mail-queue.ts:4 mailQueuedSinceWake is a module-level let');
    const registry = check({
      ...layered,
      'modules/catalogue/catalogue-version.ts':
        'const watchers = new Set<() => void>();\nexport const watch = (w: () => void) => void watchers.add(w);\n',
    });
    expect(registry.status).toBe(1);
    expect(registry.output).toContain(
      'modules/catalogue/catalogue-version.ts:1 watchers is a module-level collection that a function changes',
    );
    const indexed = check({
      ...layered,
      'lib/seen.ts': 'const seen: Record<string, number> = {};\nexport const mark = (k: string) => {\n  seen[k] = 1;\n};\n',
    });
    expect(indexed.status).toBe(1);
    expect(indexed.output).toContain('lib/seen.ts:1 seen is a module-level collection');
  });

  it('passes read-only tables, state inside functions, and the allowed entries; an allowed entry that no longer matches fails', () => {
    const fine = check({
      ...layered,
      'lib/tables.ts':
        "const KINDS = new Set(['a', 'b']);\nconst ORDER = ['a', 'b'];\nORDER.sort();\n" +
        'export const isKind = (k: string) => KINDS.has(k) && ORDER.includes(k);\n' +
        'export function counter() {\n  let n = 0;\n  const seen = new Set<number>();\n  return () => seen.add(++n);\n}\n',
      'modules/users/password.ts':
        "let dummyHash: Promise<string> | undefined;\nexport const dummy = () => (dummyHash ??= Promise.resolve('x'));\n",
    });
    expect(fine.output).toContain('module-level state only as allowed (1)');
    expect(fine.status).toBe(0);
    const stale = check({ ...layered, 'modules/users/password.ts': "export const dummy = () => Promise.resolve('x');\n" });
    expect(stale.status).toBe(1);
    expect(stale.output).toContain('MODULE_STATE lists modules/users/password.ts dummyHash, which is no longer module-level state');
  });
});
