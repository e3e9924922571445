import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm start` skips the web build when the inputs' hash matches the stamp of the last build
// (apps/web/scripts/build-web.mjs). Run on a small copy of the repository layout, with --status,
// which reports the decision without building.
const SCRIPT = path.resolve(import.meta.dirname, '../../web/scripts/build-web.mjs');

let root: string;
const file = (relative: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), text);
};
const status = () =>
  JSON.parse(execFileSync(process.execPath, [path.join(root, 'apps/web/scripts/build-web.mjs'), '--status'], { encoding: 'utf8' })) as {
    hash: string;
    stamp: string | null;
    upToDate: boolean;
  };
/** What a successful build leaves: the page, the server's build of it, and the stamp of the inputs it was built from. */
const stampBuild = () => {
  file('apps/web/dist/index.html', '<!doctype html>');
  file('apps/web/dist-ssr/entry-server.js', 'export {};');
  file('apps/web/dist/.vite/inputs.sha256', `${status().hash}\n`);
};

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'inkstream-web-stamp-'));
  mkdirSync(path.join(root, 'apps/web/scripts'), { recursive: true });
  copyFileSync(SCRIPT, path.join(root, 'apps/web/scripts/build-web.mjs'));
  file('apps/web/src/main.tsx', 'export {};');
  file('apps/web/index.html', '<div id="root"></div>');
  file('apps/web/vite.config.ts', 'export default {};');
  file('packages/contracts/src/index.ts', 'export const a = 1;');
  file('package-lock.json', '{}');
  file('apps/server/src/main.ts', 'export {};');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('web build stamp', () => {
  it('builds when there is no earlier build', () => {
    expect(status()).toMatchObject({ stamp: null, upToDate: false });
  });

  it('skips when nothing the web app is built from changed, even if the server did', () => {
    stampBuild();
    expect(status().upToDate).toBe(true);
    file('apps/server/src/main.ts', 'export const changed = true;');
    expect(status().upToDate).toBe(true);
  });

  it('builds when the server build of the pages is missing', () => {
    stampBuild();
    rmSync(path.join(root, 'apps/web/dist-ssr'), { recursive: true });
    expect(status().upToDate).toBe(false);
  });

  it.each([
    ['a web source', 'apps/web/src/main.tsx'],
    ['a new web source', 'apps/web/src/features/new.ts'],
    ['index.html', 'apps/web/index.html'],
    ['the Vite config', 'apps/web/vite.config.ts'],
    ['the contracts', 'packages/contracts/src/index.ts'],
    ['the locked dependencies', 'package-lock.json'],
  ])('builds again after a change to %s', (_, changed) => {
    stampBuild();
    expect(status().upToDate).toBe(true);
    file(changed, `// changed ${Math.random()}`);
    expect(status().upToDate).toBe(false);
  });

  it('builds again when the last build left no page (a build that failed half way)', () => {
    stampBuild();
    rmSync(path.join(root, 'apps/web/dist/index.html'));
    expect(status().upToDate).toBe(false);
  });
});
