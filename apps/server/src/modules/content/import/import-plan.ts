import { createHash } from 'node:crypto';
import { DEFAULT_LANGUAGE, type Language } from '@inkstream/contracts';
import sharp from 'sharp';
import type { DbExecutor } from '../../../db/database.js';
import { describeError, ImportError } from './import-errors.js';
import type { ImportSource, PlannedChapter } from './import-source.js';
import * as repo from './import.repository.js';

/**
 * Decides what an import will do before anything is written: which book it goes to (new, named
 * with --book, the one an earlier import of the same content created, or the chapter named with
 * --chapter), each chapter's content hash and number, and which chapters were imported before.
 * Every file is read once here, so a damaged archive or a zip bomb is refused before any write.
 */

export interface ImportOptions {
  titles: Partial<Record<Language, string>>;
  introductions: Partial<Record<Language, string>>;
  /** Genre tags, already checked against the tag list; null: from the source's metadata. */
  tags: string[] | null;
  freeChapters: number | null;
  language: Language | null;
  bookUuid: string | null;
  chapterUuid: string | null;
  firstNumber: number | null;
  chapterTitle: string | null;
  /** An image file for the book's cover. */
  coverPath: string | null;
  dryRun: boolean;
  /**
   * What the new chapters do (console uploads): published at once (the default, as the CLI does),
   * kept as drafts, or scheduled. Languages added to existing chapters follow their chapter.
   */
  release?: ImportReleaseChoice;
}

export type ImportReleaseChoice = { mode: 'now' } | { mode: 'draft' } | { mode: 'at'; at: number };

export interface TargetBook {
  id: number;
  uuid: string;
  book_type: 'comic' | 'novel';
  original_language: string;
}

export interface ChapterPlan {
  index: number;
  source: PlannedChapter;
  hash: string;
  title: string;
  /** The number the chapter gets (or has, when it is skipped or translated). */
  number: number;
  status: 'import' | 'skip' | 'fail';
  reason: string | null;
  /** A skipped chapter: the number the operator gave for it, when it is not the one it has (issue 40). */
  requestedNumber?: number;
  /** Translations: the existing chapter that gains a language. */
  existingChapterId: number | null;
  existingChapterUuid: string | null;
  /** Each page's size as displayed (EXIF rotation applied), read with its header: the import's mode suggestion. */
  pageSizes: PageSize[];
}

export interface PageSize {
  width: number;
  height: number;
}

export interface ImportPlan {
  mode: 'new' | 'add' | 'translation';
  language: Language;
  /** null: a new book, created with the first chapter that imports. */
  book: TargetBook | null;
  /** An earlier import of this content created the book; metadata options do not apply. */
  isReimport: boolean;
  chapters: ChapterPlan[];
  warnings: string[];
}

const DEFAULT_CHAPTER_TITLE: Record<Language, (n: number) => string> = {
  'zh-cn': (n) => `第${n}话`,
  'en-us': (n) => `Chapter ${n}`,
  'fr-fr': (n) => `Chapitre ${n}`,
  'es-es': (n) => `Capítulo ${n}`,
  'ar-sa': (n) => `الفصل ${n}`,
};

/** A chapter's identity: the bytes of its files in reading order, and its language. */
async function hashChapter(
  chapter: PlannedChapter,
  language: string,
): Promise<{ hash: string; problem: string | null; pageSizes: PageSize[] }> {
  const hash = createHash('sha256').update(`inkstream-import-v1\n${language}\n`);
  let problem: string | null = null;
  const pageSizes: PageSize[] = [];
  if (chapter.text)
    hash.update(
      `text ${createHash('sha256')
        .update(await chapter.text.document.read())
        .digest('hex')}\n`,
    );
  for (const image of chapter.images) {
    const bytes = await image.read();
    hash.update(`image ${createHash('sha256').update(bytes).digest('hex')}\n`);
    if (problem === null) {
      const header = await checkImageHeader(bytes, image.path);
      problem = header.problem;
      if (header.size) pageSizes.push(header.size);
    }
  }
  return { hash: hash.digest('hex'), problem, pageSizes };
}

/** Reads the header only: catches files that are not images before any pixel work; the page's size as shown. */
async function checkImageHeader(bytes: Buffer, path: string): Promise<{ problem: string | null; size?: PageSize }> {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) return { problem: `page "${path}" is not a readable image (it has no size)` };
    // EXIF orientations 5 to 8 turn the picture a quarter: the page shows height by width.
    const turned = (meta.orientation ?? 1) >= 5;
    return { problem: null, size: turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height } };
  } catch (error) {
    return { problem: `page "${path}" is not a readable image (${describeError(error)})` };
  }
}

async function findTarget(db: DbExecutor, source: ImportSource, options: ImportOptions) {
  const refuseType = (what: string, type: string) =>
    new ImportError(`${what} is a ${type} and "${source.name}" holds a ${source.bookType}; import it as its own book`, 'usage');
  if (options.chapterUuid) {
    const chapter = await repo.findChapterByUuid(db, options.chapterUuid);
    if (!chapter) throw new ImportError(`no chapter ${options.chapterUuid}`);
    if (chapter.book_type !== source.bookType) throw refuseType(`the book of chapter ${chapter.uuid}`, chapter.book_type);
    if (source.chapters.length !== 1) {
      throw new ImportError(
        `--chapter adds one chapter's translation, but "${source.name}" holds ${source.chapters.length} chapters`,
        'usage',
      );
    }
    return { book: await repo.findBookById(db, chapter.book_id), chapter };
  }
  if (options.bookUuid) {
    const book = await repo.findBookByUuid(db, options.bookUuid);
    if (!book) throw new ImportError(`no book ${options.bookUuid}`);
    if (book.book_type !== source.bookType) throw refuseType(`book ${book.uuid}`, book.book_type);
    return { book, chapter: null };
  }
  return { book: null, chapter: null };
}

export async function planImport(db: DbExecutor, source: ImportSource, options: ImportOptions): Promise<ImportPlan> {
  const warnings: string[] = [];
  const single = source.chapters.length === 1;
  if (options.chapterTitle !== null && !single) {
    throw new ImportError(`--chapter-title names one chapter, but "${source.name}" holds ${source.chapters.length}`, 'usage');
  }
  const target = await findTarget(db, source, options);
  const language = (options.language ??
    source.metadata.language ??
    (target.book?.original_language as Language | undefined) ??
    DEFAULT_LANGUAGE) as Language;

  const hashed = [];
  for (const chapter of source.chapters)
    hashed.push(chapter.problem ? { hash: '', problem: chapter.problem, pageSizes: [] } : await hashChapter(chapter, language));

  let book: TargetBook | null = target.book;
  const imported = await repo.findImportedChapters(db, hashed.map((h) => h.hash).filter(Boolean), language, book?.id ?? null);
  let isReimport = false;
  if (!book && imported.length > 0) {
    // Imported before without --book: the same content goes on into the book it created.
    const counts = new Map<number, number>();
    for (const row of imported) counts.set(row.book_id, (counts.get(row.book_id) ?? 0) + 1);
    const [bookId] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
    if (counts.size > 1) warnings.push(`this content was imported into ${counts.size} books; continuing with the one holding most of it`);
    book = await repo.findBookById(db, bookId);
    isReimport = true;
  }
  const importedHere = new Map(imported.filter((row) => row.book_id === book?.id).map((row) => [row.content_hash, row]));

  const firstNumber = await chooseFirstNumber(db, book, options, source, hashed, importedHere);
  const chapters: ChapterPlan[] = [];
  const firstWithHash = new Map<string, ChapterPlan>();
  for (const [index, chapter] of source.chapters.entries()) {
    const { hash, problem, pageSizes } = hashed[index]!;
    const twin = hash ? firstWithHash.get(hash) : undefined;
    const previous = importedHere.get(hash);
    const number = target.chapter?.number ?? previous?.number ?? firstNumber + index;
    const title = (single ? options.chapterTitle : null) ?? chapter.title ?? DEFAULT_CHAPTER_TITLE[language](number);
    const plan: ChapterPlan = {
      index,
      source: chapter,
      hash,
      title,
      number,
      status: 'import',
      reason: null,
      existingChapterId: target.chapter?.id ?? null,
      existingChapterUuid: previous?.chapter_uuid ?? target.chapter?.uuid ?? null,
      pageSizes,
    };
    if (problem) Object.assign(plan, { status: 'fail', reason: problem });
    else if (twin)
      Object.assign(plan, { status: 'fail', reason: `its files are the same as chapter ${twin.number}'s ("${twin.source.label}")` });
    else if (previous) {
      // "Skipped, already imported" says it all; no reason repeats it. A number the operator typed
      // that this content does not have is reported, not silently dropped (issue 40).
      const requested = options.firstNumber !== null ? options.firstNumber + index : null;
      Object.assign(plan, {
        status: 'skip',
        reason: null,
        ...(requested !== null && requested !== previous.number ? { requestedNumber: requested } : {}),
      });
    } else if (target.chapter && (await repo.hasChapterLanguage(db, target.chapter.id, language))) {
      Object.assign(plan, {
        status: 'fail',
        reason: `chapter ${target.chapter.uuid} already has ${language} content; nothing was replaced`,
      });
    } else if (!target.chapter && book && (await repo.isChapterNumberTaken(db, book.id, number))) {
      Object.assign(plan, { status: 'fail', reason: `the book already has a chapter ${number}; choose other numbers with --first-number` });
    }
    if (hash && !twin) firstWithHash.set(hash, plan);
    chapters.push(plan);
  }
  return { mode: target.chapter ? 'translation' : book ? 'add' : 'new', language, book, isReimport, chapters, warnings };
}

/**
 * --first-number wins; a re-import keeps the numbers the earlier import gave; a one-chapter
 * archive may carry its number (ComicInfo); otherwise a new book starts at 1 and an existing
 * one continues after its last chapter.
 */
async function chooseFirstNumber(
  db: DbExecutor,
  book: TargetBook | null,
  options: ImportOptions,
  source: ImportSource,
  hashed: { hash: string }[],
  importedHere: Map<string, { number: number }>,
): Promise<number> {
  if (options.firstNumber !== null) return options.firstNumber;
  const matched = hashed.findIndex((h) => importedHere.has(h.hash));
  if (matched !== -1) return Math.max(1, importedHere.get(hashed[matched]!.hash)!.number - matched);
  if (source.chapters.length === 1 && source.metadata.number !== null && source.metadata.number > 0) return source.metadata.number;
  return book ? (await repo.findMaxChapterNumber(db, book.id)) + 1 : 1;
}
