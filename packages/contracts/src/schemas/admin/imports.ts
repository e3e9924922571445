import { Type, type Static } from 'typebox';
import { Data, Nullable, Timestamp, Uuid } from '../common.js';
import { AdminPageQuery, PagedData } from './common.js';

/**
 * Chapter uploads from the console (`POST /admin/imports`, multipart): the files are staged on the
 * node that received them and imported by a job of kind `import`, exactly as `npm run admin -- import`.
 */

export const ImportJobState = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
  Type.Literal('cancelled'),
]);

export const ImportJobProgress = Type.Object({
  phase: Type.Union([Type.Literal('checking'), Type.Literal('pages'), Type.Literal('finishing'), Type.Literal('done')]),
  chapters_done: Type.Integer(),
  chapters_total: Type.Integer(),
  pages_done: Type.Integer(),
  pages_total: Type.Integer(),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
});
export type ImportJobProgress = Static<typeof ImportJobProgress>;

export const ImportedChapter = Type.Object({
  number: Type.Number(),
  title: Type.String(),
  status: Type.Union([Type.Literal('added'), Type.Literal('skipped'), Type.Literal('failed'), Type.Literal('planned')]),
  uuid: Nullable(Type.String()),
  pages: Type.Integer({ description: 'Page images in the source (for novels: illustrations)' }),
  words: Nullable(Type.Integer()),
  reason: Nullable(Type.String({ description: 'Why the chapter failed' })),
  requested_number: Type.Optional(
    Type.Number({ description: 'A skipped chapter: the number asked for (first_number), when the content already is chapter `number`' }),
  ),
});
export type ImportedChapter = Static<typeof ImportedChapter>;

/** The summary the CLI prints, as data (and its lines, word for word). */
export const ImportJobResult = Type.Object({
  source_name: Type.String(),
  book_uuid: Nullable(Type.String()),
  book_title: Type.String(),
  language: Type.String(),
  added: Type.Integer(),
  skipped: Type.Integer(),
  failed: Type.Integer(),
  chapters: Type.Array(ImportedChapter),
  pages_done: Type.Integer(),
  warnings: Type.Array(Type.String()),
  reading: Type.Optional(
    Nullable(
      Type.Object(
        {
          direction: Type.Union([Type.Literal('ltr'), Type.Literal('rtl')]),
          mode: Type.Union([Type.Literal('strip'), Type.Literal('single'), Type.Literal('double')]),
          reasons: Type.Array(Type.String(), { description: 'Why, in words (the ComicInfo Manga field, the shape of the pages)' }),
        },
        { description: 'Ext (issue 45): the reading settings the import gave the book it created; null when it added to a book' },
      ),
    ),
  ),
  lines: Type.Array(Type.String(), { description: 'The summary as `npm run admin -- import` prints it' }),
});
export type ImportJobResult = Static<typeof ImportJobResult>;

/** What an upload's new chapters do once imported (ext field `release` of the upload). */
export const IMPORT_RELEASES = ['now', 'draft', 'at'] as const;
export type ImportReleaseMode = (typeof IMPORT_RELEASES)[number];
export const ImportRelease = Type.Object({
  mode: Type.Union([Type.Literal('now'), Type.Literal('draft'), Type.Literal('at')], {
    description: 'now: published at once; draft: unpublished; at: unpublished until publish_at',
  }),
  publish_at: Nullable(Timestamp('The scheduled release (mode `at` only)')),
});
export type ImportRelease = Static<typeof ImportRelease>;

export const ImportJob = Type.Object({
  job_uuid: Type.String(),
  book_uuid: Nullable(Type.String()),
  files: Type.Array(Type.String(), { description: 'The uploaded file names (at most 20 listed)' }),
  state: ImportJobState,
  progress: Nullable(ImportJobProgress),
  result: Nullable(ImportJobResult),
  error: Nullable(Type.String({ description: 'Why the whole upload was refused (a readable sentence)' })),
  created_at: Timestamp(),
  finished_at: Nullable(Timestamp()),
  release: ImportRelease,
});
export type ImportJob = Static<typeof ImportJob>;

export const ImportJobParams = Type.Object({ jobUuid: Uuid() }, { additionalProperties: false });
export const ImportJobResponse = Data(ImportJob);

export const ImportJobListQuery = Type.Object(
  { ...AdminPageQuery, book_uuid: Type.Optional(Uuid('Only the uploads to this book')) },
  { additionalProperties: false },
);
export type ImportJobListQuery = Static<typeof ImportJobListQuery>;
export const ImportJobListResponse = PagedData(ImportJob);

export const ImportAcceptedResponse = Data(Type.Object({ result: Type.Object({ job_uuid: Type.String() }) }));

/** Upload fields (multipart, before the files). */
export const IMPORT_UPLOAD_FIELDS = ['book_uuid', 'language', 'first_number', 'chapter_title', 'release', 'publish_at'] as const;
export const IMPORT_ARCHIVE_EXTENSIONS = ['cbz', 'zip', 'epub'] as const;
export const IMPORT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'gif'] as const;
