import { createHash, randomUUID } from 'node:crypto';
import type { Language } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../../db/database.js';
import type { DomainEvents } from '../../../db/domain-events.js';
import { acquireLease, releaseLease } from '../../../db/lease.js';
import { insertBook, insertChapter, type NewBookInput, type NewPageInput } from '../../catalogue/catalogue-write.repository.js';
import type { MediaStorage } from '../../media/media-storage.js';
import { ImageDecodeError, PIPELINE_CONCURRENCY, processPage } from '../../media/image-pipeline.js';
import { storePage } from '../../media/page-store.js';
import { prepareCover } from './import-cover.js';
import { describeError, ImportError } from './import-errors.js';
import { planImport, type ChapterPlan, type ImportOptions, type ImportPlan } from './import-plan.js';
import type { ImportProgress } from './import-progress.js';
import type { ImportSource, SourceFile } from './import-source.js';
import * as repo from './import.repository.js';
import { openImportSource } from './open-source.js';
import { importAlternateTitles } from './metadata-mapping.js';
import { suggestReading, type ReadingSuggestion } from './reading-suggestion.js';

/**
 * Runs an import: plans it (import-plan.ts), then sends every page of every chapter through the
 * image pipeline on all cores at once, and writes each chapter in its own transaction (the book
 * itself with the first chapter), with its import_sources row, as soon as its last page is
 * stored. A chapter that fails leaves nothing behind in the database; its stored images are
 * content-hashed files that a later import simply reuses.
 */

/** The part of early access an import needs (modules/coins/early-access.ts). */
export interface EarlyAccessStart {
  startWithin(trx: DbExecutor, chapter: { id: number; uuid: string; number: number; bookId: number }, at: number): Promise<void>;
}

export interface ImportDeps {
  db: Db;
  /** Each chapter's transaction goes through it, raising `chapter-changed` (and `book-changed` for a new book or its publication). */
  domainEvents: DomainEvents;
  storage: MediaStorage;
  progress: ImportProgress;
  /** Status lines before the pages start (stderr). */
  log?: (line: string) => void;
  /** Told of the chapters this import added to the book (not translations), once the book is published. */
  onChaptersAdded?: (bookId: number, chapterIds: number[]) => Promise<void>;
  /** Queues the release of a chapter scheduled by `release: at`, in the transaction that inserts it. */
  scheduleRelease?: (trx: DbExecutor, chapterUuid: string, at: number) => Promise<void>;
  /**
   * A chapter published now into an existing book enters the book's early access, as one the
   * console publishes does (modules/coins/early-access.ts), in the transaction that inserts it.
   */
  earlyAccess?: EarlyAccessStart;
  now?: () => number;
}

export interface ChapterOutcome {
  label: string;
  title: string;
  number: number;
  status: 'added' | 'skipped' | 'failed' | 'planned';
  uuid: string | null;
  /** Page images in the source (for novels: illustrations). */
  sourcePages: number;
  /** Images stored: tall strips become several slices. */
  storedPages: number;
  words: number | null;
  reason: string | null;
  /** Skipped: the number asked for, when the content already has another (import-plan.ts). */
  requestedNumber?: number;
}

export interface ImportSummary {
  sourceName: string;
  bookType: 'comic' | 'novel';
  mode: ImportPlan['mode'];
  language: Language;
  dryRun: boolean;
  book: { uuid: string | null; title: string; isNew: boolean };
  chapters: ChapterOutcome[];
  pagesDone: number;
  bytesIn: number;
  bytesOut: { fallback: number; avif: number; webp: number };
  seconds: number;
  pagesPerSecond: number;
  warnings: string[];
  /** Issue 45: the reading settings given to the comic this import creates; null when it adds to a book or is a novel. */
  reading: ReadingSuggestion | null;
}

export type { ImportOptions } from './import-plan.js';

export async function runImport(deps: ImportDeps, inputPath: string, options: ImportOptions): Promise<ImportSummary> {
  const source = await openImportSource(inputPath);
  try {
    const files = source.chapters.reduce((sum, chapter) => sum + chapter.images.length + (chapter.text ? 1 : 0), 0);
    // Hashing reads every file once before anything is written; on a big archive that takes a while.
    deps.log?.(`checking ${files} file(s) in ${source.chapters.length} chapter(s) of "${source.name}"…`);
    let plan = await planImport(deps.db, source, options);
    const lease = options.dryRun ? null : await takeImportLease(deps, plan);
    try {
      // Another run imported this content while we waited: plan again, so it is "already imported".
      if (lease?.waited) plan = await planImport(deps.db, source, options);
      return await planAndRun(deps, source, plan, options);
    } finally {
      await lease?.release();
    }
  } finally {
    await source.close();
  }
}

/** Reports what the plan will do and, unless it is a dry run, does it. */
async function planAndRun(deps: ImportDeps, source: ImportSource, plan: ImportPlan, options: ImportOptions): Promise<ImportSummary> {
  const warnings = [...source.warnings, ...plan.warnings];
  const hasBookOptions =
    Object.keys(options.titles).length + Object.keys(options.introductions).length > 0 ||
    options.tags !== null ||
    options.freeChapters !== null ||
    options.coverPath !== null;
  if (plan.isReimport && hasBookOptions) {
    warnings.push(
      'the book exists from an earlier import of this content: its title, introduction, tags, free chapters and cover were left as they are',
    );
  }
  // Only a comic this import creates gets them: an operator's settings are never changed by an import.
  const reading =
    plan.book || source.bookType !== 'comic'
      ? null
      : suggestReading(
          source.metadata.readingDirection,
          plan.chapters.filter((chapter) => chapter.status === 'import').flatMap((chapter) => chapter.pageSizes),
        );
  const newBook = plan.book ? null : { ...newBookInput(source, plan, options, warnings), ...readingColumns(reading) };
  const title = plan.book ? await repo.findBookTitle(deps.db, plan.book.id, plan.language) : newBook!.translations[0]!.title;
  const summary: ImportSummary = {
    sourceName: source.name,
    bookType: source.bookType,
    mode: plan.mode,
    language: plan.language,
    dryRun: options.dryRun,
    book: { uuid: plan.book?.uuid ?? null, title, isNew: plan.book === null },
    chapters: plan.chapters.map((chapter) => outcomeOf(chapter, options.dryRun)),
    pagesDone: 0,
    bytesIn: 0,
    bytesOut: { fallback: 0, avif: 0, webp: 0 },
    seconds: 0,
    pagesPerSecond: 0,
    warnings,
    reading,
  };
  if (!options.dryRun) await execute(deps, source, plan, newBook, options, summary);
  return summary;
}

const LEASE_TTL_MS = 15_000;
const LEASE_RENEW_MS = 5_000;
const LEASE_POLL_MS = 1_000;

/**
 * One import of the same content at a time, on any machine sharing the database: a lease named by
 * the content hashes of the chapters, renewed while the import runs. A second import waits for it
 * (or for it to lapse, if the first process died) and then finds the chapters already imported.
 */
async function takeImportLease(deps: ImportDeps, plan: ImportPlan): Promise<{ waited: boolean; release(): Promise<void> }> {
  const now = deps.now ?? Date.now;
  const hashes = plan.chapters.map((chapter) => chapter.hash).sort();
  const name = `import:${createHash('sha256').update(hashes.join('\n')).digest('hex').slice(0, 40)}`; // app_state keys are at most 64 characters
  const owner = randomUUID();
  let waited = false;
  while (!(await acquireLease(deps.db, name, owner, LEASE_TTL_MS, now()))) {
    if (!waited) deps.log?.('another import of the same content is running; waiting for it to finish…');
    waited = true;
    await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
  }
  const renewal = setInterval(() => void acquireLease(deps.db, name, owner, LEASE_TTL_MS, now()).catch(() => undefined), LEASE_RENEW_MS);
  renewal.unref();
  return {
    waited,
    async release() {
      clearInterval(renewal);
      await releaseLease(deps.db, name, owner);
    },
  };
}

function outcomeOf(chapter: ChapterPlan, dryRun: boolean): ChapterOutcome {
  const status = chapter.status === 'skip' ? 'skipped' : chapter.status === 'fail' ? 'failed' : dryRun ? 'planned' : 'failed';
  return {
    label: chapter.source.label,
    title: chapter.title,
    number: chapter.number,
    status,
    uuid: chapter.existingChapterUuid,
    sourcePages: chapter.source.images.length,
    storedPages: 0,
    words: chapter.source.text?.wordCount ?? null,
    reason: chapter.reason,
    ...(chapter.requestedNumber !== undefined ? { requestedNumber: chapter.requestedNumber } : {}),
  };
}

function newBookInput(
  source: ImportSource,
  plan: ImportPlan,
  options: ImportOptions,
  warnings: string[],
): Omit<NewBookInput, 'created_at' | 'uuid'> {
  const language = plan.language;
  const fallbackTitle = (source.metadata.title ?? source.name.replace(/\.(cbz|zip|epub)$/i, '')).slice(0, 255);
  const originalTitle = options.titles[language] ?? fallbackTitle;
  const languages = [language, ...new Set([...Object.keys(options.titles), ...Object.keys(options.introductions)] as Language[])];
  const translations = [...new Set(languages)].map((lang) => ({
    language: lang,
    title: options.titles[lang] ?? originalTitle,
    introduction: options.introductions[lang] ?? (lang === language ? (source.metadata.summary ?? '') : ''),
  }));
  return {
    book_type: source.bookType,
    original_language: language,
    author: source.metadata.author,
    artist: source.metadata.artist,
    ...(source.metadata.contentRating ? { content_rating: source.metadata.contentRating } : {}),
    ...(options.freeChapters !== null ? { public_free_chapters: options.freeChapters } : {}),
    translations,
    tags: options.tags ?? source.metadata.tags,
    alternate_titles: importAlternateTitles(
      source.metadata.alternateTitles,
      translations.map((t) => t.title),
      warnings,
    ),
  };
}

const readingColumns = (reading: ReadingSuggestion | null) =>
  reading ? { reading_direction: reading.direction, reading_mode: reading.mode } : {};

interface ChapterWork {
  plan: ChapterPlan;
  outcome: ChapterOutcome;
  uuid: string;
  pages: NewPageInput[][];
  remaining: number;
  failure: string | null;
}

async function execute(
  deps: ImportDeps,
  source: ImportSource,
  plan: ImportPlan,
  newBook: Omit<NewBookInput, 'created_at' | 'uuid'> | null,
  options: ImportOptions,
  summary: ImportSummary,
): Promise<void> {
  const { storage, progress } = deps;
  const now = deps.now ?? Date.now;
  const startedAt = now();
  const bookUuid = plan.book?.uuid ?? randomUUID();
  let bookId = plan.book?.id ?? null;
  const works: ChapterWork[] = plan.chapters
    .filter((chapter) => chapter.status === 'import')
    .map((chapter) => ({
      plan: chapter,
      outcome: summary.chapters[chapter.index]!,
      uuid: chapter.existingChapterUuid ?? randomUUID(),
      pages: [],
      remaining: chapter.source.images.length,
      failure: null,
    }));
  const cover =
    newBook && works.length > 0
      ? await prepareCover(
          storage,
          bookUuid,
          options.coverPath,
          source,
          works.flatMap((work) => work.plan.source.images.slice(0, 1)),
          summary.warnings,
        )
      : null;

  const addedChapterIds: number[] = [];
  const release = options.release ?? { mode: 'now' };
  if (release.mode === 'at' && !deps.scheduleRelease) throw new ImportError('a scheduled release needs the job runner');
  let commits = Promise.resolve();
  const commit = async (work: ChapterWork) => {
    const { plan: chapter, outcome } = work;
    const pages = work.pages.flat();
    const text = chapter.source.text ? { html: chapter.source.text.html, word_count: chapter.source.text.wordCount } : null;
    let inserted: number | null = null;
    try {
      bookId = await deps.domainEvents.transact(async (trx) => {
        // A new book stays unpublished until the whole import has run (see publishWhenDone).
        const id =
          bookId ??
          (
            await insertBook(trx, {
              ...newBook!,
              ...cover,
              uuid: bookUuid,
              created_at: startedAt,
              is_published: false,
              import_pending: true,
            })
          ).id;
        let chapterId = chapter.existingChapterId;
        if (chapterId !== null) {
          await repo.insertChapterLanguage(trx, { chapterId, language: plan.language, title: chapter.title, pages, text });
        } else {
          ({ id: chapterId } = await insertChapter(trx, {
            uuid: work.uuid,
            book_id: id,
            number: chapter.number,
            // One millisecond apart in reading order, so "newest chapter" orders match the book's.
            created_at: startedAt + chapter.index,
            is_published: release.mode === 'now',
            publish_at: release.mode === 'at' ? release.at : null,
            translations: [{ language: plan.language, title: chapter.title }],
            pages,
            ...(text ? { texts: [{ language: plan.language, ...text }] } : {}),
          }));
          inserted = chapterId;
          if (release.mode === 'at') await deps.scheduleRelease!(trx, work.uuid, release.at);
          // A new book has no early access yet (its sales are set once it exists).
          if (release.mode === 'now' && bookId !== null) {
            await deps.earlyAccess?.startWithin(trx, { id: chapterId, uuid: work.uuid, number: chapter.number, bookId: id }, now());
          }
        }
        const sourceName = source.chapters.length > 1 ? `${source.name}: ${chapter.source.label}` : source.name;
        await repo.insertImportSource(trx, {
          content_hash: chapter.hash,
          book_id: id,
          chapter_id: chapterId,
          language: plan.language,
          source_name: sourceName,
          imported_at: now(),
        });
        // Running servers rebuild their catalogue snapshot and show the chapter.
        if (bookId === null) await deps.domainEvents.raise(trx, { type: 'book-changed', bookId: id });
        await deps.domainEvents.raise(trx, { type: 'chapter-changed', bookId: id });
        return id;
      });
      if (inserted !== null) addedChapterIds.push(inserted);
      Object.assign(outcome, { status: 'added', uuid: work.uuid, storedPages: pages.length });
    } catch (error) {
      Object.assign(outcome, { status: 'failed', reason: `could not be saved (${describeError(error)})` });
    }
    progress.chapterDone?.();
  };
  const finish = (work: ChapterWork) => {
    if (work.failure !== null) {
      Object.assign(work.outcome, { status: 'failed', reason: work.failure });
      progress.chapterDone?.();
    } else commits = commits.then(() => commit(work));
  };

  const tasks = works.flatMap((work) => work.plan.source.images.map((file, index) => ({ work, file, index })));
  progress.chapters?.(works.length);
  if (tasks.length > 0) progress.start(tasks.length);
  for (const work of works) if (work.remaining === 0) finish(work);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const { work, file, index } = tasks[next]!;
      next += 1;
      if (work.failure === null) {
        try {
          work.pages[index] = await processAndStore(
            deps.storage,
            `pages/${bookUuid}/${work.uuid}/${plan.language}/`,
            plan.language,
            file,
            summary,
          );
        } catch (error) {
          work.failure ??= explainPageFailure(file, error);
        }
      }
      progress.advance(1);
      work.remaining -= 1;
      if (work.remaining === 0) finish(work);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PIPELINE_CONCURRENCY, Math.max(1, tasks.length)) }, worker));
  await commits;
  // The import ran to its end (some chapters may have failed and been reported): a book it created,
  // or that an interrupted run of it created, is published now, never with chapters missing because
  // the process died.
  const publishing = bookId;
  if (publishing !== null) {
    await deps.domainEvents.transact(async (trx) => {
      if (await repo.publishImportedBook(trx, publishing)) await deps.domainEvents.raise(trx, { type: 'book-changed', bookId: publishing });
    });
  }
  // Drafts and scheduled chapters tell followers when they are published, not now.
  if (bookId !== null && addedChapterIds.length > 0 && release.mode === 'now') await deps.onChaptersAdded?.(bookId, addedChapterIds);
  if (tasks.length > 0) progress.finish();
  summary.book.uuid = bookId === null ? null : bookUuid;
  summary.seconds = progress.elapsedSeconds();
  summary.pagesPerSecond = progress.rate();
}

async function processAndStore(storage: MediaStorage, prefix: string, language: string, file: SourceFile, summary: ImportSummary) {
  const bytes = await file.read();
  const slices = await processPage(bytes);
  const stored = await Promise.all(slices.map((slice) => storePage(storage, prefix, language, slice)));
  summary.pagesDone += 1;
  summary.bytesIn += bytes.length;
  for (const slice of slices) {
    summary.bytesOut.fallback += slice.fallback.bytes.length;
    summary.bytesOut.avif += slice.avif?.bytes.length ?? 0;
    summary.bytesOut.webp += slice.webp?.bytes.length ?? 0;
  }
  return stored;
}

function explainPageFailure(file: SourceFile, error: unknown): string {
  if (error instanceof ImageDecodeError) return `page "${file.path}" could not be decoded: ${error.reason}`;
  if (error instanceof ImportError) return error.message;
  return `page "${file.path}" could not be stored (${describeError(error)})`;
}
