import {
  ErrorCode,
  type AdminOutboxItem,
  type AdminOutboxListQuery,
  type AdminOutboxMessage,
  type KeysetPaged,
} from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { AppError } from '../../lib/app-error.js';
import { cappedTotal, COUNT_LIMIT, decodeCursor, encodeCursor, offsetStart } from '../../lib/list-cursor.js';
import { toIso } from '../../lib/time.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import { enqueueMailJob } from './mail-queue.js';
import * as outboxRepo from './mail-outbox.repository.js';
import { findEmlFile, readEml } from './mail-transport.js';

const OUTBOX_CURSOR = 'outbox';

const notFound = () => new AppError(ErrorCode.MAIL_NOT_FOUND, 404, 'No such message in the outbox');

/** The console's Outbox (docs/ADMIN.md): the messages, newest first; resend; the .eml of the embedded default. */
export function createOutboxAdminService(deps: {
  db: Db;
  /** A resend's job is queued through it (`mail-queued` wakes the job runner). */
  domainEvents: DomainEvents;
  audit: AuditService;
  /** The .eml folder, or null when messages go to an SMTP server. */
  emlDir: string | null;
  now?: () => number;
}) {
  const { db, domainEvents, audit } = deps;
  const now = deps.now ?? Date.now;

  type Row = outboxRepo.OutboxListingRow;

  const item = (row: Row): AdminOutboxItem => ({
    uuid: row.uuid,
    kind: row.kind,
    state: row.state,
    recipient: row.recipient,
    user: row.user_uuid && row.user_name ? { uuid: row.user_uuid, username: row.user_name } : null,
    language: row.language,
    list: row.list,
    attempts: row.attempts,
    next_attempt_at: row.state === 'queued' ? toIso(Number(row.next_attempt_at)) : null,
    last_error: row.last_error,
    created_at: toIso(Number(row.created_at)),
    sent_at: row.sent_at === null ? null : toIso(Number(row.sent_at)),
    has_file: deps.emlDir !== null && row.state === 'sent',
  });

  async function list(query: AdminOutboxListQuery): Promise<KeysetPaged<AdminOutboxItem>> {
    const pageSize = query.page_size ?? 50;
    const offset = offsetStart(query.page ?? 0, pageSize, query.cursor !== undefined);
    const cursor = query.cursor === undefined ? null : decodeCursor(OUTBOX_CURSOR, query.cursor, ['int'] as const);
    const position = cursor ? cursor.position : offset.position;
    const filter = { state: query.state, kind: query.kind };
    const rows = await outboxRepo.listOutboxPage(db, filter, {
      beforeId: cursor ? cursor.key[0] : null,
      limit: pageSize,
      offset: cursor ? 0 : offset.offset,
    });
    let countedPast = 0;
    if (rows.length === pageSize)
      countedPast = await outboxRepo.countOutboxBelow(db, filter, rows[rows.length - 1]!.id, COUNT_LIMIT - pageSize);
    const counted = cappedTotal(position, rows.length + countedPast);
    const last = rows[rows.length - 1];
    return {
      items: rows.map(item),
      total: counted.total,
      total_is_lower_bound: counted.total_is_lower_bound,
      next_cursor: last && countedPast > 0 ? encodeCursor(OUTBOX_CURSOR, [last.id], position + rows.length) : null,
    };
  }

  async function find(uuid: string) {
    const row = await outboxRepo.findOutboxListingByUuid(db, uuid.toLowerCase());
    if (!row) throw notFound();
    return row;
  }

  /**
   * A failed (or suppressed) message goes back to the queue with a fresh set of tries. A message
   * whose single-use link was erased cannot be resent: the reader asks for a new one.
   */
  async function resend(actor: Actor, uuid: string): Promise<AdminOutboxItem> {
    const at = now();
    await domainEvents.transact(async (trx) => {
      const row = await outboxRepo.findOutboxForResend(trx, uuid.toLowerCase());
      if (!row) throw notFound();
      if (row.state !== 'failed' && row.state !== 'suppressed')
        throw new AppError(
          ErrorCode.MAIL_NOT_RESENDABLE,
          409,
          `Only failed or suppressed messages can be resent; this one is ${row.state}`,
        );
      if (row.secret_fields !== null && row.state === 'failed')
        throw new AppError(
          ErrorCode.MAIL_NOT_RESENDABLE,
          409,
          'This message carried a single-use link, erased when it failed: the reader asks for a new one',
        );
      if (!(await outboxRepo.requeueOutboxRow(trx, row.id, row.state, at)))
        throw new AppError(ErrorCode.CONFLICT, 409, 'The message changed meanwhile: reload');
      await enqueueMailJob(trx, domainEvents, row.uuid, at, at);
      await audit.recordWithin(trx, actor, {
        action: 'mail.resend',
        targetType: 'mail',
        targetId: row.uuid,
        before: { state: row.state, attempts: row.attempts, kind: row.kind },
        after: { state: 'queued' },
      });
    });
    return item(await find(uuid));
  }

  /** The message as written to its .eml file (no SMTP_URL): what a newcomer reads to click a reset link. */
  async function message(uuid: string): Promise<AdminOutboxMessage> {
    const row = await find(uuid);
    const file = deps.emlDir ? await findEmlFile(deps.emlDir, row.uuid) : null;
    if (!file)
      throw new AppError(
        ErrorCode.MAIL_NOT_FOUND,
        404,
        deps.emlDir
          ? 'This message has no .eml file (not sent yet, or the file was removed)'
          : 'Messages go to the SMTP server: there is no copy to show',
      );
    return readEml(file);
  }

  return { list, resend, message, find: async (uuid: string) => item(await find(uuid)) };
}
export type OutboxAdminService = ReturnType<typeof createOutboxAdminService>;
