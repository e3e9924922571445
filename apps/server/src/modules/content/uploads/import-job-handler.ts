import { access, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ImportJobResult } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../../db/database.js';
import type { DomainEvents } from '../../../db/domain-events.js';
import { PUBLISH_CHAPTER_JOB } from '../../catalogue/chapters-admin.service.js';
import type { AuditService } from '../../audit/audit.service.js';
import type { EnqueueInput, JobHandler } from '../../jobs/job-runner.js';
import type { MediaStorage } from '../../media/media-storage.js';
import { describeError, ImportError } from '../import/import-errors.js';
import { formatImportSummary } from '../import/import-summary.js';
import { runImport, type EarlyAccessStart, type ImportSummary } from '../import/importer.js';
import type { ImportReleaseChoice } from '../import/import-plan.js';
import * as repo from './import-jobs.repository.js';
import { createJobProgress } from './import-job-progress.js';
import { NODE_NAME, type ImportJobPayload } from './import-jobs.service.js';

export interface ImportJobDeps {
  db: Db;
  /** Each chapter's transaction goes through it (chapter-changed, and job-queued for a scheduled release). */
  domainEvents: DomainEvents;
  storage: MediaStorage;
  audit: AuditService;
  push: { notifyNewChapters(bookId: number, chapterIds: readonly number[]): Promise<unknown> };
  /** Scheduled releases of uploaded chapters are `publish_chapter` jobs, like those set in the chapter table. */
  jobs: { enqueue(executor: DbExecutor, input: EnqueueInput): Promise<string> };
  /** Chapters published now into a book with early access enter it (docs/PAYMENTS.md). */
  earlyAccess?: EarlyAccessStart;
  uploadsDir: string;
  log: { warn(fields: object, message: string): void };
  nodeName?: string;
  now?: () => number;
}

/** How long other nodes hand an upload back before deciding that the node holding its files is gone. */
const HAND_BACK_FOR_MS = 60 * 60 * 1000;

function releaseOf(payload: ImportJobPayload): ImportReleaseChoice {
  const release = payload.options.release;
  if (release?.mode === 'at' && release.publish_at !== null) return { mode: 'at', at: release.publish_at };
  return { mode: release?.mode === 'draft' ? 'draft' : 'now' };
}

export function importJobResult(summary: ImportSummary): ImportJobResult {
  const count = (status: string) => summary.chapters.filter((chapter) => chapter.status === status).length;
  return {
    source_name: summary.sourceName,
    book_uuid: summary.book.uuid,
    book_title: summary.book.title,
    language: summary.language,
    added: count('added'),
    skipped: count('skipped'),
    failed: count('failed'),
    chapters: summary.chapters.map((chapter) => ({
      number: chapter.number,
      title: chapter.title,
      status: chapter.status,
      uuid: chapter.uuid,
      pages: chapter.sourcePages,
      words: chapter.words,
      reason: chapter.reason,
      ...(chapter.requestedNumber !== undefined ? { requested_number: chapter.requestedNumber } : {}),
    })),
    pages_done: summary.pagesDone,
    warnings: summary.warnings,
    reading: summary.reading && (summary.book.uuid !== null || summary.dryRun) ? summary.reading : null,
    lines: formatImportSummary(summary),
  };
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * The `import` job: runs `runImport` on the staged upload exactly as `npm run admin -- import`
 * does (same checks: archive bombs, unsafe names, undecodable pages, the memory bound), then keeps
 * the summary as the job's result, tells followers, writes `chapter.import` to the audit log and
 * deletes the staged files. A source refused as a whole fails the job with the importer's sentence.
 *
 * The files are on the disk of the node that received the upload; another node that claims the job
 * gives it back to the queue (for an hour; then the upload is reported lost).
 */
export function createImportJobHandler(deps: ImportJobDeps): JobHandler {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const nodeName = deps.nodeName ?? NODE_NAME;

  return async (job) => {
    const payload = job.payload as ImportJobPayload;
    const dir = path.join(deps.uploadsDir, job.uuid);
    if (!(await exists(dir))) {
      if (payload.node !== nodeName && now() - payload.uploaded_at < HAND_BACK_FOR_MS) {
        await repo.handBackImportJob(db, job.uuid, now() + 1000 + Math.floor(Math.random() * 2000), now());
        return null;
      }
      throw new Error('The uploaded files are no longer on the server that received them; upload them again');
    }
    let writes = Promise.resolve();
    const tracker = createJobProgress((progress) => {
      job.reportProgress(progress);
      const json = JSON.stringify(progress);
      writes = writes
        .then(() => repo.writeImportProgress(db, job.uuid, json, now()))
        .then(
          () => undefined,
          (error: unknown) => deps.log.warn({ err: error, job: job.uuid }, 'import progress not stored'),
        );
    });
    let keepFiles = false;
    try {
      let summary: ImportSummary;
      try {
        summary = await runImport(
          {
            db,
            domainEvents: deps.domainEvents,
            storage: deps.storage,
            progress: tracker.progress,
            log: tracker.log,
            onChaptersAdded: async (bookId, chapterIds) => void (await deps.push.notifyNewChapters(bookId, chapterIds)),
            ...(deps.earlyAccess ? { earlyAccess: deps.earlyAccess } : {}),
            scheduleRelease: async (trx, chapterUuid, at) =>
              void (await deps.jobs.enqueue(trx, {
                kind: PUBLISH_CHAPTER_JOB,
                payload: { chapter_uuid: chapterUuid, publish_at: at },
                runAt: at,
                createdBy: payload.actor.id,
              })),
          },
          path.join(dir, payload.source),
          {
            titles: {},
            introductions: {},
            tags: null,
            freeChapters: null,
            language: payload.options.language,
            bookUuid: payload.book_uuid,
            chapterUuid: null,
            firstNumber: payload.options.first_number,
            chapterTitle: payload.options.chapter_title,
            coverPath: null,
            dryRun: false,
            release: releaseOf(payload),
          },
        );
      } catch (error) {
        // Stopping the node mid-import: the job goes back to the queue and runs again from its files.
        keepFiles = job.signal.aborted;
        if (error instanceof ImportError) throw new Error(error.message, { cause: error });
        throw new Error(`The import stopped: ${describeError(error)}`, { cause: error });
      }
      const result = importJobResult(summary);
      await deps.audit.recordWithin(
        db,
        { userId: payload.actor.id, name: payload.actor.name },
        {
          action: 'chapter.import',
          targetType: 'book',
          targetId: summary.book.uuid ?? payload.book_uuid,
          after: {
            job: job.uuid,
            files: payload.files.slice(0, 20),
            release: payload.options.release?.mode ?? 'now',
            ...(payload.options.release?.publish_at ? { publish_at: new Date(payload.options.release.publish_at).toISOString() } : {}),
            added: summary.chapters.filter((chapter) => chapter.status === 'added').map((chapter) => chapter.uuid),
            skipped: result.skipped,
            failed: summary.chapters
              .filter((chapter) => chapter.status === 'failed')
              .map((chapter) => ({ number: chapter.number, reason: chapter.reason })),
          },
        },
      );
      tracker.done();
      return result;
    } finally {
      await writes;
      if (!keepFiles) await rm(dir, { recursive: true, force: true });
    }
  };
}
