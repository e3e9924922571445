import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/check-imports-server.mjs (run by `npm run lint`) on small fixture trees: each rule is
// broken once and the script must fail naming the file; a tree that keeps the rules passes.
const SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/check-imports-server.mjs');

const trees: string[] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
});

function check(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'check-imports-'));
  trees.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

const layered = {
  'app.ts': "import { registerAuth } from './plugins/auth.js';\nimport { usersRoutes } from './modules/users/users.routes.js';\n",
  'plugins/auth.ts': "import { invalidTokenError } from '../http/guards.js';\nexport interface Authenticator {}\n",
  'http/guards.ts': "import { AppError } from '../lib/app-error.js';\n",
  'lib/app-error.ts': 'export class AppError {}\n',
  'modules/users/users.routes.ts': "import { requireUser } from '../../http/guards.js';\nimport type { Db } from '../../db/database.js';\n",
  'db/database.ts': 'export type Db = object;\n',
};

describe('check-imports-server', () => {
  it('passes a tree that keeps the layers', () => {
    const result = check(layered);
    expect(result.output).toContain('no loop');
    expect(result.status).toBe(0);
  });

  it('fails on a plugin, lib, kit or db file that imports a module (type-only imports too)', () => {
    for (const floor of ['plugins/auth.ts', 'lib/app-error.ts', 'http/guards.ts', 'db/database.ts']) {
      const depth = '../'.repeat(floor.split('/').length - 1);
      const result = check({ ...layered, [floor]: `import type { AuthUser } from '${depth}modules/users/users.routes.js';\n` });
      expect(result.status, floor).toBe(1);
      expect(result.output).toContain(`${floor} imports modules/users/users.routes.ts`);
    }
  });

  it('fails on a kit file that imports a plugin, and on lib or db importing the kit', () => {
    const kit = check({ ...layered, 'http/guards.ts': "import type { Authenticator } from '../plugins/auth.js';\n" });
    expect(kit.status).toBe(1);
    expect(kit.output).toContain('http/guards.ts imports plugins/auth.ts');
    const lib = check({ ...layered, 'lib/app-error.ts': "import { requireUser } from '../http/guards.js';\n" });
    expect(lib.status).toBe(1);
    expect(lib.output).toContain('lib/app-error.ts imports http/guards.ts');
  });

  it('fails on a module that imports a plugin', () => {
    const result = check({ ...layered, 'modules/users/users.routes.ts': "import { registerAuth } from '../../plugins/auth.js';\n" });
    expect(result.status).toBe(1);
    expect(result.output).toContain('modules/users/users.routes.ts imports plugins/auth.ts');
  });

  it('fails on an import loop and prints it', () => {
    const result = check({
      ...layered,
      'modules/a/a.ts': "import { b } from './b.js';\nexport const a = 1;\n",
      'modules/a/b.ts': "export { c } from './c.js';\nexport const b = 2;\n",
      'modules/a/c.ts': "import type { a } from './a.js';\nexport const c = 3;\n",
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('import loop among 3 files: modules/a/a.ts → modules/a/b.ts → modules/a/c.ts → modules/a/a.ts');
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
