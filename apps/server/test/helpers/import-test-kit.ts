import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../src/db/schema.js';
import { adminCli } from './admin-cli.js';
import { afterAll, beforeAll } from 'vitest';
import { countRows } from './row-count.js';
import { createTestContext, type TestContext } from './test-context.js';

/** What the import tests share: the CLI, a scratch folder for generated inputs, row counts and output parsing. */
export function importTestKit(ctx: TestContext) {
  const admin = adminCli(ctx);
  const scratch = mkdtempSync(path.join(tmpdir(), 'inkstream-import-'));
  const tables = [
    'books',
    'book_translations',
    'book_tags',
    'chapters',
    'chapter_translations',
    'chapter_pages',
    'chapter_texts',
    'import_sources',
  ] as const satisfies readonly (keyof Database)[];

  async function rowCounts(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table] = await countRows(ctx.db, table);
    return counts;
  }

  /** Every file under the media folder, so a test can prove nothing was stored. */
  const mediaFiles = (): string[] => {
    try {
      return readdirSync(ctx.config.mediaDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name));
    } catch {
      return [];
    }
  };

  return {
    admin,
    scratch,
    rowCounts,
    mediaFiles,
    importPath: (...args: string[]) => admin('import', ...args),
    cleanup: () => rmSync(scratch, { recursive: true, force: true }),
  };
}

/** The book UUID an import summary names. */
export function bookUuidOf(output: string): string {
  const match = /book ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(output);
  if (!match) throw new Error(`no book UUID in:\n${output}`);
  return match[1]!;
}

export type ImportTestKit = ReturnType<typeof importTestKit>;

/**
 * The setup every import test file shares: a test context and its import kit, made before the
 * file's (or the describe block's) tests and cleaned up after them. Read `env.ctx` and `env.kit`
 * inside tests and hooks (they are set when the tests run).
 */
export function useImportTestKit(): { ctx: TestContext; kit: ImportTestKit } {
  const env = {} as { ctx: TestContext; kit: ImportTestKit };
  beforeAll(async () => {
    env.ctx = await createTestContext();
    env.kit = importTestKit(env.ctx);
  });
  afterAll(async () => {
    env.kit.cleanup();
    await env.ctx.close();
  });
  return env;
}
