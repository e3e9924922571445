import { stat } from 'node:fs/promises';
import { GENRE_TAGS, LANGUAGES, type Language } from '@inkstream/contracts';
import { ImportError } from '../../modules/content/import/import-errors.js';
import { createImportProgress } from '../../modules/content/import/import-progress.js';
import { formatImportSummary } from '../../modules/content/import/import-summary.js';
import { runImport, type ImportOptions } from '../../modules/content/import/importer.js';
import { mapGenre, mapLanguage, MAX_TAGS } from '../../modules/content/import/metadata-mapping.js';
import { CliError, parsePositiveInt, requireArg, requireUuid } from '../cli-error.js';
import type { CliContext } from '../cli-context.js';

export interface ImportCliOptions {
  title?: string[];
  introduction?: string[];
  tags?: string;
  'free-chapters'?: string;
  language?: string;
  book?: string;
  chapter?: string;
  'first-number'?: string;
  'chapter-title'?: string;
  cover?: string;
  'dry-run'?: boolean;
}

export const IMPORT_USAGE = 'import <path> [--title LANG=TEXT]... [--language LANG] [--book UUID | --chapter UUID] [--dry-run] ...';

export const IMPORT_HELP = `Imports a CBZ/ZIP of images, a folder of images or an EPUB novel.

  <path>                      a .cbz/.zip (images at the top = one chapter, one folder per chapter = a book),
                              a folder (images directly in it = one chapter, one subfolder per chapter = a book),
                              or an .epub (a novel: each text document of the reading order is a chapter)

New book (the default):
  --title LANG=TEXT           the title in a language (repeat for each language); default: ComicInfo Series/Title,
                              the EPUB title, or the file name
  --introduction LANG=TEXT    the introduction in a language (repeatable); default: ComicInfo Summary / EPUB description
  --tags A,B                  up to ${MAX_TAGS} genre tags, Chinese or English names (${Object.values(GENRE_TAGS).join(', ')});
                              default: mapped from ComicInfo Genre/Tags or EPUB subjects
  --free-chapters N           the first N chapters are free (default 3)
  --cover FILE                an image file for the cover; default: a "cover" image in the source, else the first page
  A new comic is read right to left when its ComicInfo Manga is YesAndRightToLeft, and page by page when most
  pages are portrait (else as one long strip); change it later with "book reading".

Where the chapters go:
  --language LANG             the content's language (${LANGUAGES.join(', ')}); default: ComicInfo LanguageISO,
                              the EPUB language, the book's original language, else en-us
  --book UUID                 add the chapters to this existing book (numbered after its last chapter)
  --chapter UUID              the source is one chapter's translation: add it to this chapter in --language
  --first-number N            number the first chapter N, the next N+1… (default: 1, or after the last chapter,
                              or the numbers an earlier import of the same content gave)
  --chapter-title TEXT        the title of a one-chapter source (default: ComicInfo Title or "Chapter N")
  --dry-run                   read and check everything, report what would happen, write nothing

Importing the same content again changes nothing: each chapter is recognised by a hash of its files and
language and reported as "skipped, already imported"; chapters added to the source since are imported.
Exit codes: 0 all chapters imported or skipped, 1 the source or a chapter failed (the others are kept),
2 wrong arguments.`;

const MAX_INTRODUCTION = 5000;

function readLanguage(value: string, option: string): Language {
  const language = mapLanguage(value);
  if (!language) throw new CliError(`${option}: unknown language "${value}"; use one of ${LANGUAGES.join(', ')}`);
  return language;
}

/** `--title fr-fr=Le titre`, repeatable, one text per language. */
function readPerLanguage(values: string[] | undefined, option: string, maxLength: number): Partial<Record<Language, string>> {
  const result: Partial<Record<Language, string>> = {};
  for (const value of values ?? []) {
    const match = /^([^=]+)=(.*)$/s.exec(value);
    if (!match) throw new CliError(`${option} takes LANG=TEXT (for example ${option} en-us="Iron Tide"), got "${value}"`);
    const language = readLanguage(match[1]!.trim(), option);
    const text = match[2]!.trim();
    if (text === '' || text.length > maxLength) throw new CliError(`${option} ${language}: the text must be 1 to ${maxLength} characters`);
    if (result[language] !== undefined) throw new CliError(`${option} is given twice for ${language}`);
    result[language] = text;
  }
  return result;
}

function readTags(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const tags = [...new Set(names.map((name) => mapGenre(name) ?? unknownTag(name)))];
  if (tags.length > MAX_TAGS) throw new CliError(`--tags takes at most ${MAX_TAGS} tags, got ${tags.length}`);
  return tags;
}

const unknownTag = (name: string): never => {
  throw new CliError(
    `--tags: "${name}" is not in the tag list; use one of ${Object.entries(GENRE_TAGS)
      .map(([zh, en]) => `${zh} (${en})`)
      .join(', ')}`,
  );
};

async function readOptions(options: ImportCliOptions): Promise<ImportOptions> {
  const book = options.book === undefined ? null : requireUuid(options.book, '--book');
  const chapter = options.chapter === undefined ? null : requireUuid(options.chapter, '--chapter');
  const language = options.language === undefined ? null : readLanguage(options.language, '--language');
  const newBookOnly = (['title', 'introduction', 'tags', 'free-chapters', 'cover'] as const).filter((name) => options[name] !== undefined);
  if (book && chapter) throw new CliError('give --book or --chapter, not both');
  if (chapter && language === null) throw new CliError('--chapter needs --language: the language of the translation');
  if ((book || chapter) && newBookOnly.length > 0) {
    throw new CliError(
      `${newBookOnly.map((name) => `--${name}`).join(', ')} only apply to a new book (use "book set-free" to change an existing book's free chapters)`,
    );
  }
  if (chapter && options['first-number'] !== undefined)
    throw new CliError('--first-number does not apply to --chapter: the translation keeps the chapter');
  const chapterTitle = options['chapter-title']?.trim() ?? null;
  if (chapterTitle !== null && (chapterTitle === '' || chapterTitle.length > 255))
    throw new CliError('--chapter-title must be 1 to 255 characters');
  const coverPath = options.cover ?? null;
  if (
    coverPath !== null &&
    !(await stat(coverPath).then(
      (s) => s.isFile(),
      () => false,
    ))
  ) {
    throw new CliError(`--cover: "${coverPath}" is not a file`);
  }
  return {
    titles: readPerLanguage(options.title, '--title', 255),
    introductions: readPerLanguage(options.introduction, '--introduction', MAX_INTRODUCTION),
    tags: readTags(options.tags),
    freeChapters:
      options['free-chapters'] === undefined
        ? null
        : parsePositiveInt(options['free-chapters'], '--free-chapters', { min: 0, max: 100_000 }),
    language,
    bookUuid: book,
    chapterUuid: chapter,
    firstNumber: options['first-number'] === undefined ? null : parsePositiveInt(options['first-number'], '--first-number'),
    chapterTitle,
    coverPath,
    dryRun: options['dry-run'] === true,
  };
}

export async function importCommand(ctx: CliContext, args: string[], cliOptions: ImportCliOptions): Promise<void> {
  const inputPath = requireArg(args[0], 'path (a .cbz/.zip, .epub or folder)');
  if (args.length > 1) throw new CliError(`import takes one path; got ${args.length} (${args.map((a) => `"${a}"`).join(' ')})`);
  const options = await readOptions(cliOptions);
  const progress = createImportProgress({ line: ctx.writeError, ...(ctx.statusLine ? { status: ctx.statusLine } : {}) });
  let summary;
  try {
    summary = await runImport(
      {
        db: ctx.db,
        domainEvents: ctx.domainEvents,
        storage: ctx.storage,
        progress,
        log: ctx.writeError,
        // Followers of the book hear of its new chapters (Web Push) before the command returns.
        onChaptersAdded: async (bookId, chapterIds) => void (await ctx.push.notifyNewChapters(bookId, chapterIds)),
        earlyAccess: ctx.earlyAccess,
      },
      inputPath,
      options,
    );
  } catch (error) {
    if (error instanceof ImportError) throw new CliError(error.message, error.kind === 'usage' ? 2 : 1);
    throw error;
  }
  for (const line of formatImportSummary(summary)) ctx.write(line);
  const failed = summary.chapters.filter((chapter) => chapter.status === 'failed').length;
  if (failed > 0) {
    throw new CliError(
      `${failed} of ${summary.chapters.length} chapter(s) ${summary.dryRun ? 'would fail' : 'failed; the others were kept'}`,
      1,
    );
  }
}
