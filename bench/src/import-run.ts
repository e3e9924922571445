import { existsSync } from 'node:fs';
import path from 'node:path';
import { runImportBench } from './import-bench.js';
import { renderImportSection, summarizeImportTargets } from './import-report.js';
import { IMPORT_SECTION_TITLE } from './import-bench.js';
import { writePerformanceDoc } from './performance-doc.js';

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
  if (options.writeDocs) {
    const docPath = path.join(options.repoRoot, 'docs/PERFORMANCE.md');
    writePerformanceDoc(docPath, IMPORT_SECTION_TITLE, renderImportSection(result));
    console.log(`Wrote ${path.relative(options.repoRoot, docPath)} (${IMPORT_SECTION_TITLE.slice(3)})`);
  }
}

// `node bench/dist/import-run.js [pages] [--no-docs]`: the import benchmark alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const pages = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 60);
  runImportSection({ repoRoot: path.resolve(import.meta.dirname, '../..'), pages, writeDocs: !process.argv.includes('--no-docs') }).catch(
    (error: unknown) => {
      console.error(`import bench failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
