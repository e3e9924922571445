import { hostname } from 'node:os';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import {
  ErrorCode,
  IMPORT_RELEASES,
  IMPORT_UPLOAD_FIELDS,
  LANGUAGES,
  NO_CONTROL_CHARACTERS,
  type ImportJob,
  type ImportJobListQuery,
  type ImportJobProgress,
  type ImportJobResult,
  type ImportRelease,
  type ImportReleaseMode,
  type Language,
  type Paged,
} from '@inkstream/contracts';
import type { Db } from '../../../db/database.js';
import type { DomainEvents } from '../../../db/domain-events.js';
import type { JobsTable } from '../../../db/schema.js';
import { AppError, type ErrorDetail } from '../../../lib/app-error.js';
import { toIso } from '../../../lib/time.js';
import { releaseTimePast } from '../../catalogue/chapters-admin.service.js';
import type { JobQueue } from '../../jobs/job-runner.js';
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
  options: {
    language: Language | null;
    first_number: number | null;
    chapter_title: string | null;
    /** Absent in jobs queued before uploads offered a choice: those published at once. */
    release?: { mode: ImportReleaseMode; publish_at: number | null };
  };
}

export type UploadOptions = ImportJobPayload['options'] & { book_uuid: string };

/** This node's name in a job's payload: the host, which keeps its name across restarts. */
export const NODE_NAME = hostname();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLAIN_TEXT = new RegExp(NO_CONTROL_CHARACTERS);
const FIELDS = new Set<string>(IMPORT_UPLOAD_FIELDS);

/** The upload's form fields, checked like a closed JSON body: 400 VALIDATION_FAILED with one detail per field. */
export function readUploadFields(fields: Record<string, string>, at: number = Date.now()): UploadOptions {
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
  const release = readRelease(fields, details);
  if (details.length > 0) throw new AppError(ErrorCode.VALIDATION_FAILED, 400, 'Some fields of the upload are not valid', details);
  if (release.mode === 'at' && release.publish_at! <= at) throw releaseTimePast();
  return {
    book_uuid: bookUuid.toLowerCase(),
    language: language ?? null,
    first_number: firstNumber,
    chapter_title: title === '' ? null : title,
    release,
  };
}

/** `release` (now, the default; draft; at) and, with `at` only, `publish_at` (an ISO 8601 instant). */
function readRelease(fields: Record<string, string>, details: ErrorDetail[]): { mode: ImportReleaseMode; publish_at: number | null } {
  const modeText = fields.release?.trim() ?? '';
  const mode = modeText === '' ? 'now' : (IMPORT_RELEASES as readonly string[]).includes(modeText) ? (modeText as ImportReleaseMode) : null;
  if (mode === null) details.push({ field: 'release', message: `must be one of ${IMPORT_RELEASES.join(', ')}` });
  const whenText = fields.publish_at?.trim() ?? '';
  if (mode !== 'at') {
    if (whenText !== '') details.push({ field: 'publish_at', message: 'is only given with release "at"' });
    return { mode: mode ?? 'now', publish_at: null };
  }
  // An instant with its offset, as JSON bodies take it: a bare local time would depend on the server's zone.
  const when = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(whenText) ? Date.parse(whenText) : NaN;
  if (!Number.isFinite(when)) details.push({ field: 'publish_at', message: 'must be a date and time with its offset (ISO 8601)' });
  return { mode, publish_at: Number.isFinite(when) ? when : null };
}

const releaseView = (release: ImportJobPayload['options']['release']): ImportRelease => ({
  mode: release?.mode ?? 'now',
  publish_at: release?.publish_at == null ? null : toIso(release.publish_at),
});

const parse = <T>(value: string | null): T | null => {
  if (value === null) return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
};

export function createImportJobsService(deps: {
  db: Db;
  /** The upload's job is queued through it: `job-queued` wakes the runner once it is committed. */
  domainEvents: DomainEvents;
  jobs: JobQueue;
  uploadsDir: string;
  now?: () => number;
}) {
  const { db, domainEvents, uploadsDir } = deps;
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
    const { jobs } = deps;
    const uuid = await domainEvents.transact(async (trx) => {
      const jobUuid = await jobs.enqueue(trx, { kind: repo.IMPORT_JOB_KIND, payload, createdBy: actor.id });
      await rename(staged.dir, path.join(uploadsDir, jobUuid));
      return jobUuid;
    });
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
      release: releaseView(payload?.options?.release),
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
