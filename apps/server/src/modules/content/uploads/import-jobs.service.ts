import { hostname } from 'node:os';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import {
  ErrorCode,
  LANGUAGES,
  NO_CONTROL_CHARACTERS,
  type ImportJob,
  type ImportJobListQuery,
  type ImportJobProgress,
  type ImportJobResult,
  type Language,
  type Paged,
} from '@inkstream/contracts';
import type { Db } from '../../../db/database.js';
import type { JobsTable } from '../../../db/schema.js';
import { AppError, type ErrorDetail } from '../../../lib/app-error.js';
import { toIso } from '../../../lib/time.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import * as repo from './import-jobs.repository.js';
import type { StagedUpload } from './upload-staging.js';
import type { Selectable } from 'kysely';

/** What an `import` job carries; `book_uuid` first (import-jobs.repository.ts filters on it). */
export interface ImportJobPayload {
  book_uuid: string;
  /** The archive's stored name or `images`, inside `<uploads>/<job uuid>/`. */
  source: string;
  files: string[];
  /** The node that holds the staged files (see import-job-handler.ts). */
  node: string;
  uploaded_at: number;
  actor: { id: number; name: string };
  options: { language: Language | null; first_number: number | null; chapter_title: string | null };
}

export type UploadOptions = ImportJobPayload['options'] & { book_uuid: string };

/** This node's name in a job's payload: the host, which keeps its name across restarts. */
export const NODE_NAME = hostname();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLAIN_TEXT = new RegExp(NO_CONTROL_CHARACTERS);
const FIELDS = new Set(['book_uuid', 'language', 'first_number', 'chapter_title']);

/** The upload's form fields, checked like a closed JSON body: 400 VALIDATION_FAILED with one detail per field. */
export function readUploadFields(fields: Record<string, string>): UploadOptions {
  const details: ErrorDetail[] = [];
  for (const name of Object.keys(fields)) if (!FIELDS.has(name)) details.push({ field: name, message: 'is not a field of an upload' });
  const bookUuid = fields.book_uuid?.trim() ?? '';
  if (!UUID.test(bookUuid)) details.push({ field: 'book_uuid', message: 'must be the uuid of a book' });
  const languageText = fields.language?.trim() ?? '';
  const language =
    languageText === '' ? null : (LANGUAGES as readonly string[]).includes(languageText) ? (languageText as Language) : undefined;
  if (language === undefined) details.push({ field: 'language', message: `must be one of ${LANGUAGES.join(', ')}` });
  const numberText = fields.first_number?.trim() ?? '';
  const firstNumber = numberText === '' ? null : /^\d{1,6}$/.test(numberText) ? Number(numberText) : NaN;
  if (firstNumber !== null && !(firstNumber >= 1 && firstNumber <= 100_000)) {
    details.push({ field: 'first_number', message: 'must be a whole number from 1 to 100000' });
  }
  const title = fields.chapter_title?.trim() ?? '';
  if (title.length > 255 || !PLAIN_TEXT.test(title))
    details.push({ field: 'chapter_title', message: 'must be 1 to 255 characters of text' });
  if (details.length > 0) throw new AppError(ErrorCode.VALIDATION_FAILED, 400, 'Some fields of the upload are not valid', details);
  return {
    book_uuid: bookUuid.toLowerCase(),
    language: language ?? null,
    first_number: firstNumber,
    chapter_title: title === '' ? null : title,
  };
}

const parse = <T>(value: string | null): T | null => {
  if (value === null) return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
};

export function createImportJobsService(deps: { db: Db; jobs: () => JobRunner; uploadsDir: string; now?: () => number }) {
  const { db, uploadsDir } = deps;
  const now = deps.now ?? Date.now;

  async function checkBook(bookUuid: string): Promise<void> {
    if (!(await repo.findBookForUpload(db, bookUuid))) throw new AppError(ErrorCode.BOOK_NOT_FOUND, 404, 'There is no book with this uuid');
  }

  /**
   * Queues the import of a staged upload. The staging folder is renamed to the job's uuid in the
   * transaction that inserts the job: no runner can see the job before its files are in place.
   */
  async function enqueue(staged: StagedUpload, options: UploadOptions, actor: { id: number; username: string }): Promise<string> {
    const { book_uuid, ...importOptions } = options;
    const payload: ImportJobPayload = {
      book_uuid,
      source: staged.source,
      files: staged.files,
      node: NODE_NAME,
      uploaded_at: now(),
      actor: { id: actor.id, name: actor.username },
      options: importOptions,
    };
    const jobs = deps.jobs();
    const uuid = await db.transaction().execute(async (trx) => {
      const jobUuid = await jobs.enqueue(trx, { kind: repo.IMPORT_JOB_KIND, payload, createdBy: actor.id });
      await rename(staged.dir, path.join(uploadsDir, jobUuid));
      return jobUuid;
    });
    jobs.wake();
    return uuid;
  }

  function toView(row: Selectable<JobsTable>): ImportJob {
    const payload = parse<Partial<ImportJobPayload>>(row.payload);
    return {
      job_uuid: row.uuid,
      book_uuid: payload?.book_uuid ?? null,
      files: (payload?.files ?? []).slice(0, 20),
      state: row.state,
      progress: parse<ImportJobProgress>(row.progress),
      result: parse<ImportJobResult>(row.result),
      error: row.error,
      created_at: toIso(row.created_at),
      finished_at: row.finished_at === null ? null : toIso(row.finished_at),
    };
  }

  async function get(uuid: string): Promise<ImportJob> {
    const row = await repo.findImportJob(db, uuid.toLowerCase());
    if (!row) throw new AppError(ErrorCode.JOB_NOT_FOUND, 404, 'There is no import job with this uuid');
    return toView(row);
  }

  async function list(query: ImportJobListQuery): Promise<Paged<ImportJob>> {
    const { rows, total } = await repo.listImportJobs(db, query.book_uuid, query.page ?? 0, query.page_size ?? 20);
    return { items: rows.map(toView), total };
  }

  return { checkBook, enqueue, get, list };
}

export type ImportJobsService = ReturnType<typeof createImportJobsService>;
