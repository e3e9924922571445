import { formatDuration } from './import-progress.js';
import type { ChapterOutcome, ImportSummary } from './importer.js';

/** The end-of-import report an operator reads (and scripts grep): the book, each chapter's fate, pages, bytes, warnings. */

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function chapterLine(chapter: ChapterOutcome, dryRun: boolean): string {
  const name = `chapter ${chapter.number} "${chapter.title}"`;
  const size = [
    chapter.words !== null ? plural(chapter.words, 'word') : null,
    chapter.sourcePages > 0 || chapter.words === null ? plural(chapter.sourcePages, 'page') : null,
  ]
    .filter(Boolean)
    .join(', ');
  switch (chapter.status) {
    case 'added':
      return `  ${name}: added (${size}) as ${chapter.uuid}`;
    case 'planned':
      return `  ${name}: would be added (${size}) from "${chapter.label}"`;
    case 'skipped':
      return `  ${name}: skipped, already imported${chapter.uuid ? ` as ${chapter.uuid}` : ''}${
        chapter.requestedNumber !== undefined ? ` (the number ${chapter.requestedNumber} asked for was not used)` : ''
      }`;
    case 'failed':
      return `  ${name}: FAILED${dryRun ? ' (would fail)' : ''}: ${chapter.reason ?? 'unknown reason'}`;
  }
}

const DIRECTION_WORDS = { ltr: 'left to right', rtl: 'right to left' } as const;
const MODE_WORDS = { strip: 'long strip', single: 'single pages' } as const;

/** What the import set on the comic it created (issue 45): the direction and mode, and why. */
function readingLines(summary: ImportSummary): string[] {
  const reading = summary.reading;
  if (!reading || (summary.book.uuid === null && !summary.dryRun)) return [];
  const why = reading.reasons.length > 0 ? ` (${reading.reasons.join('; ')})` : '';
  return [`Reading${summary.dryRun ? ' (would be set)' : ''}: ${DIRECTION_WORDS[reading.direction]}, ${MODE_WORDS[reading.mode]}${why}`];
}

export function formatImportSummary(summary: ImportSummary): string[] {
  const count = (status: ChapterOutcome['status']) => summary.chapters.filter((c) => c.status === status).length;
  const bookState =
    summary.book.uuid === null ? (summary.dryRun ? 'a new book' : 'no book was created') : summary.book.isNew ? 'new' : 'existing';
  const target =
    summary.mode === 'translation'
      ? `a ${summary.language} translation of a chapter of "${summary.book.title}" (book ${summary.book.uuid})`
      : `"${summary.book.title}" (${summary.bookType}, ${summary.book.uuid ? `book ${summary.book.uuid}, ` : ''}${bookState})`;
  const lines = [
    summary.dryRun ? `Dry run of "${summary.sourceName}": nothing was written.` : `Imported "${summary.sourceName}".`,
    `Book: ${target}, language ${summary.language}`,
    `Chapters: ${summary.dryRun ? `${count('planned')} to add` : `${count('added')} added`}, ${count('skipped')} skipped (already imported), ${count('failed')} failed`,
    ...summary.chapters.map((chapter) => chapterLine(chapter, summary.dryRun)),
  ];
  if (summary.pagesDone > 0) {
    const out = summary.bytesOut;
    lines.push(
      `Pages: ${summary.pagesDone} processed in ${formatDuration(summary.seconds)} (${summary.pagesPerSecond.toFixed(1)} pages/s)`,
      `Bytes: ${formatBytes(summary.bytesIn)} in; ${formatBytes(out.fallback + out.avif + out.webp)} out ` +
        `(fallback ${formatBytes(out.fallback)}, AVIF ${formatBytes(out.avif)}, WebP ${formatBytes(out.webp)})`,
    );
  }
  lines.push(...readingLines(summary));
  lines.push(summary.warnings.length === 0 ? 'Warnings: none' : `Warnings (${summary.warnings.length}):`);
  for (const warning of summary.warnings) lines.push(`  - ${warning}`);
  return lines;
}
