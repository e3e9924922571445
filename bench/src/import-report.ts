import os from 'node:os';
import {
  EQUAL_QUALITY_SSIM_MARGIN,
  IMPORT_SECTION_TITLE,
  PAGE_SIZE_LABEL,
  PAGES_PER_SECOND_TARGET,
  SERVED_SHARE_TARGET,
  SOURCE_LABEL,
  type ImportBenchResult,
} from './import-bench.js';
import { describeMachine, renderTable } from './report.js';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;
const score = (value: number | undefined) => (value === undefined ? 'not kept' : value.toFixed(4));

/** Is a variant as good as the source, judged against the pristine drawing both came from? */
const isEqualQuality = (result: ImportBenchResult, vsPristine: number | undefined) =>
  vsPristine !== undefined && vsPristine >= result.ssim.sourceVsPristine - EQUAL_QUALITY_SSIM_MARGIN;

/** What the rate would be with both cores free for the import, from its own CPU time per page. */
export const idleMachineRate = (result: ImportBenchResult) =>
  result.cpuSecondsPerPage === null ? null : os.availableParallelism() / result.cpuSecondsPerPage;

export function summarizeImportTargets(result: ImportBenchResult): string[] {
  const served = result.servedBytes / result.sourceBytes;
  const servedQuality = result.ssim.served.vsPristine;
  const idle = idleMachineRate(result);
  const smallestEqual = result.sweep.filter((row) => isEqualQuality(result, row.ssimVsPristine)).sort((a, b) => a.share - b.share)[0];
  return [
    ...(result.foreignCores !== null && result.foreignCores > 0.2
      ? [
          `WARNING: other programs kept ${result.foreignCores.toFixed(2)} cores busy on average during the import; the measured rate is understated` +
            `${idle === null ? '' : ` (its own CPU time, ${result.cpuSecondsPerPage!.toFixed(3)} s a page with start-up included, would give about ${idle.toFixed(1)} pages/s on idle cores)`}.`,
        ]
      : []),
    `Import speed: ${result.importPagesPerSecond.toFixed(1)} pages/s against a target of at least ${PAGES_PER_SECOND_TARGET}: ${result.importPagesPerSecond >= PAGES_PER_SECOND_TARGET ? 'met' : 'MISSED'}.`,
    `Served bytes at equal quality: ${percent(result.servedBytes, result.sourceBytes)} of the source JPEG bytes (target at most ${SERVED_SHARE_TARGET * 100}%), ` +
      `served SSIM ${score(servedQuality)} against the drawing where the source has ${result.ssim.sourceVsPristine.toFixed(4)} (equal: within ${EQUAL_QUALITY_SSIM_MARGIN}): ` +
      `${served <= SERVED_SHARE_TARGET && isEqualQuality(result, servedQuality) ? 'met' : 'MISSED'}` +
      `${isEqualQuality(result, servedQuality) ? '' : " (smaller, but below the source's quality)"}.`,
    smallestEqual
      ? `Smallest setting of the sweep at equal quality: ${smallestEqual.label}, ${(smallestEqual.share * 100).toFixed(1)}% of the source bytes at SSIM ${smallestEqual.ssimVsPristine.toFixed(4)}.`
      : "No setting of the sweep reaches the source's quality.",
  ];
}

export function renderImportSection(result: ImportBenchResult): string {
  const { stored, ssim } = result;
  const storedTotal = stored.fallback + stored.avif + stored.webp;
  const sizes = renderTable(
    ['Bytes', 'Total', 'Per page', 'Share of source', 'Pages kept'],
    [
      ['Source (JPEG q90, in)', mib(result.sourceBytes), kib(result.sourceBytes / result.pages), '100%', String(result.pages)],
      [
        'Fallback (JPEG)',
        mib(stored.fallback),
        kib(stored.fallback / result.storedPages),
        percent(stored.fallback, result.sourceBytes),
        String(result.storedPages),
      ],
      [
        'AVIF',
        mib(stored.avif),
        kib(stored.avif / Math.max(1, stored.avifPages)),
        percent(stored.avif, result.sourceBytes),
        String(stored.avifPages),
      ],
      [
        'WebP',
        mib(stored.webp),
        kib(stored.webp / Math.max(1, stored.webpPages)),
        percent(stored.webp, result.sourceBytes),
        String(stored.webpPages),
      ],
      ['All stored (out)', mib(storedTotal), kib(storedTotal / result.storedPages), percent(storedTotal, result.sourceBytes), ''],
      [
        'Served (AVIF, else WebP, else fallback)',
        mib(result.servedBytes),
        kib(result.servedBytes / result.storedPages),
        percent(result.servedBytes, result.sourceBytes),
        '',
      ],
    ],
  );
  const quality = renderTable(
    ['Image', 'SSIM against the source JPEG', 'SSIM against the drawing'],
    [
      ['Source JPEG q90', '1', ssim.sourceVsPristine.toFixed(4)],
      ['Fallback JPEG', score(ssim.fallback.vsSource), score(ssim.fallback.vsPristine)],
      ['AVIF', score(ssim.avif?.vsSource), score(ssim.avif?.vsPristine)],
      ['WebP', score(ssim.webp?.vsSource), score(ssim.webp?.vsPristine)],
      ['Served (AVIF, else WebP, else fallback)', score(ssim.served.vsSource), score(ssim.served.vsPristine)],
    ],
  );
  const sweep = renderTable(
    ['Encoder setting', 'Share of source bytes', 'SSIM against the drawing', 'CPU per page'],
    result.sweep.map((row) => [
      row.label,
      `${(row.share * 100).toFixed(1)}%`,
      row.ssimVsPristine.toFixed(4),
      `${row.cpuMsPerPage.toFixed(0)} ms`,
    ]),
  );
  const cpu =
    result.cpuSecondsPerPage === null
      ? 'CPU time not measured (no /proc)'
      : `the import process used ${result.cpuSecondsPerPage.toFixed(3)} CPU-seconds a page, start-up and checks included (about ${idleMachineRate(result)!.toFixed(1)} pages/s end to end on ${os.availableParallelism()} idle cores); other programs kept ${result.foreignCores?.toFixed(2) ?? '?'} cores busy meanwhile`;
  return [
    IMPORT_SECTION_TITLE,
    '',
    `Measured by \`npm run bench\` (bench/src/import-bench.ts) on ${result.date.toISOString().replace(/\.\d+Z$/, 'Z')}.`,
    '',
    `- Machine: ${describeMachine()}.`,
    `- Input: ${result.pages} generated comic pages of ${PAGE_SIZE_LABEL} px (gradient panels, flat shapes with ink outlines, lettered speech bubbles, one panel of photo-like grain each), saved as ${SOURCE_LABEL}, in ${result.chapters} chapter folders; drawn in ${result.drawSeconds.toFixed(1)} s (not counted).`,
    `- Run: \`node apps/server/dist/cli/admin.js import <folder>\` on a fresh embedded SQLite data folder with local storage, ${result.wallSeconds.toFixed(1)} s from process start to exit (${(result.pages / result.wallSeconds).toFixed(1)} pages/s including start-up and migrations); the import itself reports ${result.importPagesPerSecond.toFixed(1)} pages/s (first page to last chapter saved); ${cpu}.`,
    `- Quality: SSIM on greyscale pixels (8 × 8 windows every 4 px, bench/src/ssim.ts), averaged over ${ssim.sample} pages spread through the run. "Against the drawing" compares with the render before any lossy step, so a variant is as good as the source when its score is within ${EQUAL_QUALITY_SSIM_MARGIN} of the source's own.`,
    '',
    sizes,
    '',
    quality,
    '',
    `Encoder settings on ${Math.min(4, ssim.sample)} of those pages, one page at a time, to choose the pipeline's settings by (sizes against the source JPEG, quality against the drawing):`,
    '',
    sweep,
    '',
    '### Targets',
    '',
    ...summarizeImportTargets(result).map((line) => `- ${line}`),
    '',
  ].join('\n');
}
