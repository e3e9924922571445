import { randomUUID } from 'node:crypto';
import {
  DATA_EXPORT_DOWNLOAD_INTERVAL_MS,
  DATA_EXPORT_INTERVAL_MS,
  DATA_EXPORT_KEEP_DAYS,
  ErrorCode,
  pagePath,
  PROFILE_SECTIONS,
  type DataExport,
} from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../../db/database.js';
import type { DomainEvents } from '../../../db/domain-events.js';
import type { AuthUser } from '../../../http/request-user.js';
import { AppError } from '../../../lib/app-error.js';
import { DAY_MS } from '../../../lib/time.js';
import type { Actor, AuditService } from '../../audit/audit.service.js';
import type { EnqueueInput } from '../../jobs/job-runner.js';
import { queueMail } from '../../mail/mail-queue.js';
import { mailRecipientOf } from '../../users/mail-recipient.js';
import { buildArchive } from './export-archive.js';
import type { ExportLinks } from './export-links.js';
import { readExportSnapshot, type MailSubject } from './export-snapshot.js';
import * as repo from './data-export.repository.js';

/** The job that builds one archive (payload `{export_id}`), on any node. */
export const DATA_EXPORT_JOB = 'data_export';

export interface DataExportDeps {
  db: Db;
  domainEvents: DomainEvents;
  audit: AuditService;
  jobs: { enqueue(executor: DbExecutor, input: EnqueueInput): Promise<string> };
  /** The reader's lock (membership.lockMembersWithin): two requests of one reader run one after the other. */
  lockReader(trx: DbExecutor, userId: number): Promise<void>;
  links: ExportLinks;
  publicUrl: string;
  mailSubject: MailSubject;
  now?: () => number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const notFound = () => new AppError(ErrorCode.EXPORT_NOT_FOUND, 404, 'No such archive');
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const when = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * "Download my data" (issue 43, docs/ACCOUNTS.md "Download your data"): a reader (or an operator
 * for them) asks for an archive; a job reads everything in one snapshot, zips it and stores it in
 * the database; a mail says it is ready; the reader downloads it with a signed link and their login
 * for 7 days, once a minute at most; the housekeeping pass then removes the bytes.
 */
export function createDataExportService(deps: DataExportDeps) {
  const { db, domainEvents, links } = deps;
  // Read at each call: a test that mocks Date reaches it.
  const now = deps.now ?? (() => Date.now());

  async function nextExportAt(executor: DbExecutor, userId: number): Promise<number> {
    const counted = await repo.findNewestCountedExport(executor, userId);
    return counted ? Number(counted.requested_at) + DATA_EXPORT_INTERVAL_MS : now();
  }

  function view(row: repo.DataExportRow, next: number): DataExport {
    const expiresAt = row.expires_at === null ? null : Number(row.expires_at);
    const ready = row.state === 'ready' && expiresAt !== null && expiresAt > now();
    return {
      uuid: row.uuid,
      state: row.state === 'ready' && !ready ? 'expired' : row.state,
      requested_at: Number(row.requested_at),
      ready_at: row.ready_at === null ? null : Number(row.ready_at),
      expires_at: expiresAt,
      size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
      download_url: ready ? links.path(row.uuid, row.user_id, expiresAt) : null,
      next_export_at: next,
    };
  }

  async function insertAndEnqueue(
    trx: DbExecutor,
    userId: number,
    requestedBy: number | null,
    reason: string | null,
  ): Promise<repo.DataExportRow> {
    const id = await repo.insertExport(trx, {
      uuid: randomUUID(),
      user_id: userId,
      requested_by: requestedBy,
      reason,
      requested_at: now(),
    });
    await deps.jobs.enqueue(trx, { kind: DATA_EXPORT_JOB, payload: { export_id: id }, createdBy: requestedBy });
    return (await repo.findExportById(trx, id))!;
  }

  /** The reader asks: at most one archive a day (a failed one does not count). */
  async function request(user: AuthUser): Promise<DataExport> {
    return domainEvents.transact(async (trx) => {
      await deps.lockReader(trx, user.id);
      const next = await nextExportAt(trx, user.id);
      if (next > now()) {
        throw new AppError(ErrorCode.EXPORT_TOO_SOON, 429, 'You can ask for one archive a day', undefined, seconds(next - now()), {
          next_export_at: next,
        });
      }
      const row = await insertAndEnqueue(trx, user.id, null, null);
      return view(row, Number(row.requested_at) + DATA_EXPORT_INTERVAL_MS);
    });
  }

  /** The reader's newest archive, or null. */
  async function current(user: AuthUser): Promise<DataExport | null> {
    const row = await repo.findNewestExport(db, user.id);
    return row ? view(row, await nextExportAt(db, user.id)) : null;
  }

  /**
   * An operator starts one for a reader (at their request, e.g. by mail), audited with the reason.
   * Not held to the reader's one a day; the reader downloads it themselves (mail and profile).
   */
  async function startForReader(actor: Actor, userUuid: string, reason: string): Promise<DataExport> {
    const userId = await repo.findUserIdByUuid(db, userUuid);
    if (userId === undefined) throw new AppError(ErrorCode.USER_NOT_FOUND, 404, 'No such reader');
    return domainEvents.transact(async (trx) => {
      await deps.lockReader(trx, userId);
      const row = await insertAndEnqueue(trx, userId, actor.userId, reason);
      await deps.audit.recordWithin(trx, actor, {
        action: 'user.data_export',
        targetType: 'user',
        targetId: userUuid,
        after: { export: row.uuid, reason },
      });
      return view(row, Number(row.requested_at) + DATA_EXPORT_INTERVAL_MS);
    });
  }

  /**
   * The archive's bytes for its owner, with a valid signature, while it is kept, once a minute.
   * Another reader's archive, a guessed uuid and a bad signature answer alike (404).
   */
  async function download(user: AuthUser, uuid: string, expires: string, sig: string): Promise<{ bytes: Buffer; filename: string }> {
    if (!UUID.test(uuid) || !links.isValid(uuid, user.id, expires, sig)) throw notFound();
    const row = await repo.findOwnExport(db, user.id, uuid);
    if (!row || row.expires_at === null || Number(row.expires_at) !== Number(expires)) throw notFound();
    const at = now();
    if (row.state === 'expired' || Number(row.expires_at) <= at) {
      throw new AppError(ErrorCode.EXPORT_EXPIRED, 410, 'This archive was kept 7 days and is gone; ask for a new one');
    }
    if (row.state !== 'ready') throw notFound();
    if (!(await repo.claimDownload(db, row.id, at, DATA_EXPORT_DOWNLOAD_INTERVAL_MS))) {
      const last = (await repo.findExportById(db, row.id))?.last_download_at ?? at;
      const wait = Number(last) + DATA_EXPORT_DOWNLOAD_INTERVAL_MS - at;
      throw new AppError(
        ErrorCode.EXPORT_DOWNLOAD_TOO_SOON,
        429,
        'This archive was downloaded less than a minute ago',
        undefined,
        seconds(wait),
      );
    }
    const bytes = await repo.readArchive(db, row.id);
    if (!bytes) throw new AppError(ErrorCode.EXPORT_EXPIRED, 410, 'This archive was kept 7 days and is gone; ask for a new one');
    return { bytes, filename: `inkstream-data-${new Date(Number(row.ready_at ?? at)).toISOString().slice(0, 10)}.zip` };
  }

  /** The job: read the snapshot, zip it, store it, tell the reader. A failure marks the export failed. */
  async function run(payload: unknown): Promise<{ state: string; size_bytes?: number }> {
    const id = (payload as { export_id?: unknown } | null)?.export_id;
    if (typeof id !== 'number') return { state: 'skipped' };
    const row = await repo.findExportById(db, id);
    if (!row || (row.state !== 'queued' && row.state !== 'building')) return { state: 'skipped' };
    await repo.markBuilding(db, id);
    try {
      // Ready as of the moment its data is read: exports.json inside shows these very dates.
      const readyAt = now();
      const expiresAt = readyAt + DATA_EXPORT_KEEP_DAYS * DAY_MS;
      const snapshot = await readExportSnapshot(db, row.user_id, readyAt, deps.mailSubject, {
        thisArchive: { exportId: id, readyAt, expiresAt },
      });
      if (!snapshot) {
        await repo.markFailed(db, id, 'the account is gone');
        return { state: 'failed' };
      }
      const bytes = await buildArchive(snapshot);
      await domainEvents.transact(async (trx) => {
        if (!(await repo.storeArchive(trx, id, bytes, readyAt, expiresAt))) return;
        const recipient = await mailRecipientOf(trx, row.user_id);
        if (!recipient) return;
        await queueMail(
          trx,
          domainEvents,
          {
            kind: 'data-export-ready',
            to: recipient.to,
            userId: row.user_id,
            language: recipient.language,
            data: {
              username: recipient.username,
              link: `${deps.publicUrl}${pagePath.profile(PROFILE_SECTIONS.yourData)}`,
              expires_at: when(expiresAt),
              days: DATA_EXPORT_KEEP_DAYS,
            },
          },
          readyAt,
        );
      });
      return { state: 'ready', size_bytes: bytes.length };
    } catch (error) {
      await repo.markFailed(db, id, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }

  return { request, current, startForReader, download, run };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
