import { describe, expect, it } from 'vitest';
import { lintScriptOnTrees } from './helpers/lint-script.js';

// scripts/check-module-floors.mjs (run by `npm run lint`: dependency-cruiser with the rules of
// apps/server/.dependency-cruiser.mjs) on small fixture trees: each rule is broken once and the
// check must fail naming the import; a tree that keeps the layers passes.
const check = lintScriptOnTrees('check-module-floors.mjs');

const layered: Record<string, string> = {
  'app.ts': "import { registerAuth } from './plugins/auth.js';\nimport { usersRoutes } from './modules/users/users.routes.js';\n",
  'config.ts': "import type { MailConfig } from './modules/mail/mail-config.js';\nexport type AppConfig = { mail: MailConfig };\n",
  'plugins/auth.ts': "import { invalidTokenError } from '../http/guards.js';\nexport interface Authenticator {}\n",
  'http/guards.ts': "import { AppError } from '../lib/app-error.js';\n",
  'lib/app-error.ts': 'export class AppError {}\n',
  'db/database.ts': 'export type Db = object;\n',
  'modules/mail/mail-config.ts': 'export interface MailConfig {\n  from: string;\n}\n',
  'modules/users/users.routes.ts':
    "import { requireUser } from '../../http/guards.js';\nimport type { Db } from '../../db/database.js';\nimport type { MailConfig } from '../mail/mail-config.js';\n",
  'modules/users/account-guard.ts': 'export const refuseLeftReader = () => undefined;\n',
  'modules/catalogue/rating-prior.ts': 'export const bayesianAverage = () => 0;\n',
  // Downward and on one floor: reader features use accounts and the catalogue, and each other one way.
  'modules/community/ratings.service.ts':
    "import { refuseLeftReader } from '../users/account-guard.js';\nimport { bayesianAverage } from '../catalogue/rating-prior.js';\n",
  'modules/discovery/rankings.ts':
    "import { bayesianAverage } from '../catalogue/rating-prior.js';\nimport '../community/ratings.service.js';\n",
  // A test beside the code stands above what it tests.
  'modules/mail/mail-config.test.ts': "import type { AppConfig } from '../../config.js';\n",
};

describe('check-module-floors', () => {
  it('passes a tree that keeps the layers and the floors', () => {
    const result = check(layered);
    expect(result.output).toContain('no import up a floor, no module loop, no file loop');
    expect(result.status).toBe(0);
  });

  it('fails on a module that imports a module of a floor above its own (a new upward import)', () => {
    const result = check({
      ...layered,
      'modules/audit/audit.service.ts': "import { consoleTitles } from '../catalogue/console-titles.js';\n",
      'modules/catalogue/console-titles.ts': 'export const consoleTitles = () => new Map();\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('modules/audit/audit.service.ts imports modules/catalogue/console-titles.ts (floor-platform');
  });

  it('fails on two modules of one floor that import each other, directly or through a third (a new module cycle)', () => {
    const pair = check({ ...layered, 'modules/community/ranked.ts': "import '../discovery/rankings.js';\n" });
    expect(pair.status).toBe(1);
    expect(pair.output).toMatch(/module loop: modules\/(community|discovery) → modules\/(community|discovery) → /);
    const through = check({
      ...layered,
      'modules/discovery/rankings.ts': "import '../library/follows.service.js';\n",
      'modules/library/follows.service.ts': "import '../reading/progress.js';\n",
      'modules/reading/progress.ts': "import '../discovery/discovery.service.js';\n",
      'modules/discovery/discovery.service.ts': 'export const feed = 1;\n',
    });
    expect(through.status).toBe(1);
    expect(through.output).toContain('module loop: ');
    expect(through.output).toContain('modules/library');
  });

  it('fails on a plugin, lib, kit or db file that imports a module (type-only imports too)', () => {
    for (const floor of ['plugins/auth.ts', 'lib/app-error.ts', 'http/guards.ts', 'db/database.ts']) {
      const depth = '../'.repeat(floor.split('/').length - 1);
      const result = check({ ...layered, [floor]: `import type { AuthUser } from '${depth}modules/users/users.routes.js';\n` });
      expect(result.status, floor).toBe(1);
      expect(result.output).toContain(`${floor} imports modules/users/users.routes.ts (floor-knows-no-domain`);
    }
  });

  it('fails on a kit file that imports a plugin, on lib or db importing the kit, and on a module that imports a plugin', () => {
    const kit = check({ ...layered, 'http/guards.ts': "import type { Authenticator } from '../plugins/auth.js';\n" });
    expect(kit.status).toBe(1);
    expect(kit.output).toContain('http/guards.ts imports plugins/auth.ts');
    const lib = check({ ...layered, 'lib/app-error.ts': "import { requireUser } from '../http/guards.js';\n" });
    expect(lib.status).toBe(1);
    expect(lib.output).toContain('lib/app-error.ts imports http/guards.ts');
    const module = check({ ...layered, 'modules/users/users.routes.ts': "import { registerAuth } from '../../plugins/auth.js';\n" });
    expect(module.status).toBe(1);
    expect(module.output).toContain('modules/users/users.routes.ts imports plugins/auth.ts');
  });

  it('fails on a module or plugin that imports the wiring root (configuration is handed down)', () => {
    const result = check({
      ...layered,
      'modules/mail/mail-module.ts': "import type { AppConfig } from '../../config.js';\n",
      'plugins/security-headers.ts': "import type { AppConfig } from '../config.js';\n",
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('modules/mail/mail-module.ts imports config.ts (root-on-top');
    expect(result.output).toContain('plugins/security-headers.ts imports config.ts (root-on-top');
  });

  it('fails on an import loop among files and prints it (type-only imports and re-exports count)', () => {
    const result = check({
      ...layered,
      'modules/users/a.ts': "import { b } from './b.js';\nexport const a = 1;\n",
      'modules/users/b.ts': "export { c } from './c.js';\nexport const b = 2;\n",
      'modules/users/c.ts': "import type { a } from './a.js';\nexport const c = 3;\n",
    });
    expect(result.status).toBe(1);
    expect(result.output).toMatch(
      /import loop among 3 files: modules\/users\/[abc]\.ts → modules\/users\/[abc]\.ts → modules\/users\/[abc]\.ts → /,
    );
  });
});
