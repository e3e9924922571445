import { existsSync } from 'node:fs';
import path from 'node:path';
import { runImportBench } from './import-bench.js';
import { renderImportSection, summarizeImportTargets } from './import-report.js';
import { IMPORT_SECTION_TITLE } from './import-bench.js';
import { exitWhenDone, isEntryPoint, writeSection } from './section.js';

/** Runs the import benchmark and writes its section of docs/PERFORMANCE.md (unless `writeDocs` is false). */
export async function runImportSection(options: { repoRoot: string; pages: number; writeDocs: boolean }): Promise<void> {
  const adminEntry = path.join(options.repoRoot, 'apps/server/dist/cli/admin.js');
  if (!existsSync(adminEntry)) throw new Error(`${adminEntry} does not exist: run \`npm run build\` first`);
  console.log(`Import: ${options.pages} generated pages ...`);
  const result = await runImportBench({
    pages: options.pages,
    chapterPages: 20,
    ssimSample: Math.min(12, options.pages),
    workDir: path.join(options.repoRoot, 'bench/.data/import'),
    adminEntry,
  });
  console.log(`\n${renderImportSection(result)}`);
  for (const line of summarizeImportTargets(result)) console.log(line);
  writeSection(options, IMPORT_SECTION_TITLE, renderImportSection(result));
}

// `node bench/dist/import-run.js [pages] [--no-docs]`: the import benchmark alone.
if (isEntryPoint(import.meta)) {
  const pages = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 60);
  exitWhenDone(
    'import',
    runImportSection({ repoRoot: path.resolve(import.meta.dirname, '../..'), pages, writeDocs: !process.argv.includes('--no-docs') }),
  );
}
