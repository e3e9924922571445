import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * Runs one of the lint scripts in scripts/ (`check-imports-server.mjs`, `check-module-floors.mjs`, `check-imports-web.mjs`) on a
 * small fixture tree written for the call; the trees go after each test. Call at a test file's top.
 */
export function lintScriptOnTrees(script: string) {
  const scriptPath = path.resolve(import.meta.dirname, '../../../../scripts', script);
  const trees: string[] = [];
  afterEach(() => {
    for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
  });
  return (files: Record<string, string>) => {
    const root = mkdtempSync(path.join(tmpdir(), 'lint-script-'));
    trees.push(root);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const run = spawnSync(process.execPath, [scriptPath, root], { encoding: 'utf8' });
    return { status: run.status, output: run.stdout + run.stderr };
  };
}
