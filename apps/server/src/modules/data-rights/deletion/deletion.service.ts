import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ErrorCode,
  PAGE_PATTERNS,
  type AdminDeletion,
  type AdminDeletionsQuery,
  type DeletionComments,
  type ScheduledDeletion,
} from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../../db/database.js';
import type { DomainEvents } from '../../../db/domain-events.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import { decodeCursor, encodeCursor } from '../../../lib/list-cursor.js';
import type { Actor, AuditService } from '../../audit/audit.service.js';
import type { EnqueueInput } from '../../jobs/job-runner.js';
import { queueMail } from '../../mail/mail-queue.js';
import { mailRecipientOf } from '../../users/mail-recipient.js';
import type { MembershipService } from '../../membership/membership.service.js';
import { formatInstant } from '../../notices/notice-format.js';
import { isErased } from '../../users/account-state.repository.js';
import type { AuthUser } from '../../users/auth-user.js';
import { checkCurrentSecrets } from '../../users/current-secrets.js';
import type { TotpCipher } from '../../users/totp-crypto.js';
import * as repo from './deletion.repository.js';
import { ACCOUNT_ERASE_JOB } from './erasure.js';

const DAY_MS = 86_400_000;
export const GRACE_MS = ACCOUNT_DELETION_GRACE_DAYS * DAY_MS;
const LIST_CURSOR = 'deletions';
const LIST_PAGE = 50;

const sessionEnded = () => new AppError(ErrorCode.INVALID_TOKEN, 401, 'Your session has ended; please log in again');
const userNotFound = () => notFound(ErrorCode.USER_NOT_FOUND, 'This user does not exist');
const alreadyPending = () => new AppError(ErrorCode.DELETION_PENDING, 409, 'A deletion of this account is pending already');
const erasedAlready = () => new AppError(ErrorCode.ACCOUNT_ERASED, 409, 'This account was erased');
// An administrator's account names their changes in the audit log and may be the last one: another
// administrator makes it a reader's account first (users-admin keeps one active administrator).
const administrator = () =>
  new AppError(ErrorCode.CONFLICT, 409, "An administrator's account cannot be deleted: another administrator first makes it a reader's");

/** What a login learns of a pending deletion (users.service login). */
export type LoginDeletionCheck = { state: 'none' } | { state: 'cancelled' } | { state: 'erased' };

/**
 * "Delete my account" (issue 43, docs/ACCOUNTS.md "Deleting your account"): the request (by the
 * reader, or an operator for them), the 14-day grace period that a login ends, and the console's
 * list. The erasure itself is erasure.ts, run by the `account_erase` job at erase_at.
 */
export function createDeletionService(deps: {
  db: Db;
  domainEvents: DomainEvents;
  membership: Pick<MembershipService, 'lockMembersWithin'>;
  audit: Pick<AuditService, 'recordWithin'>;
  jobs: { enqueue(executor: DbExecutor, input: EnqueueInput): Promise<string> };
  totpCipher: TotpCipher;
  publicUrl: string;
  now?: () => number;
}) {
  const { db, domainEvents } = deps;
  const now = deps.now ?? (() => Date.now());

  /** `GET /user/deletion`: what the reader would lose and what is kept, said before they confirm. */
  async function info(user: AuthUser) {
    return {
      consequences: await repo.consequencesOf(db, user.id, now()),
      grace_days: ACCOUNT_DELETION_GRACE_DAYS as typeof ACCOUNT_DELETION_GRACE_DAYS,
    };
  }

  /** `POST /user/deletion`: the password (and the two-step code, where on) as changing the address asks. */
  async function request(user: AuthUser, input: { password: string; code?: string | undefined; comments: DeletionComments; ip: string }) {
    const row = await repo.findUserForDeletion(db, { id: user.id });
    if (!row) throw sessionEnded();
    await checkCurrentSecrets(
      db,
      deps.totpCipher,
      row,
      {
        usernameKey: row.username.normalize('NFC').toLowerCase(),
        password: input.password,
        totpCode: input.code,
        secondStep: true,
        ip: input.ip,
      },
      now(),
    );
    return domainEvents.transact((trx) => schedule(trx, row.id, { comments: input.comments, requestedBy: null, reason: null }));
  }

  /** Writes the request, signs the reader out everywhere, schedules the erasure and tells the reader. */
  async function schedule(
    trx: DbExecutor,
    userId: number,
    input: { comments: DeletionComments; requestedBy: number | null; reason: string | null },
  ): Promise<{ deletion: ScheduledDeletion }> {
    await deps.membership.lockMembersWithin(trx, [userId]);
    const user = await repo.findUserForDeletion(trx, { id: userId });
    if (!user) throw userNotFound();
    if (user.erased_at !== null) throw erasedAlready();
    if (user.role === 'admin') throw administrator();
    if (await repo.findPendingDeletion(trx, userId)) throw alreadyPending();
    const at = now();
    const eraseAt = at + GRACE_MS;
    const id = await repo.insertDeletion(trx, {
      userId,
      requestedAt: at,
      eraseAt,
      comments: input.comments,
      requestedBy: input.requestedBy,
      reason: input.reason,
    });
    await repo.revokeLoginTokens(trx, userId);
    await repo.revokeFeedKeys(trx, userId, at);
    await domainEvents.raise(trx, { type: 'account-changed', userId });
    await deps.jobs.enqueue(trx, { kind: ACCOUNT_ERASE_JOB, payload: { deletion_id: id }, runAt: eraseAt, createdBy: input.requestedBy });
    const recipient = await mailRecipientOf(trx, userId);
    if (recipient) {
      await queueMail(
        trx,
        domainEvents,
        {
          kind: 'account-deletion-scheduled',
          to: recipient.to,
          userId,
          language: recipient.language,
          data: {
            username: recipient.username,
            erase_at: formatInstant(eraseAt, recipient.language),
            days: ACCOUNT_DELETION_GRACE_DAYS,
            link: `${deps.publicUrl}${PAGE_PATTERNS.login}`,
          },
        },
        at,
      );
    }
    return { deletion: { requested_at: at, erase_at: eraseAt, comments: input.comments } };
  }

  /**
   * At every successful login (users.service): a pending deletion is cancelled, under the reader's
   * lock, so a login racing the erasure either cancels it (the erasure then finds nothing pending)
   * or comes after it and is refused (the account is erased).
   */
  async function checkAtLogin(userId: number): Promise<LoginDeletionCheck> {
    // Most logins: one indexed read, no transaction.
    if (!(await repo.findPendingDeletion(db, userId))) {
      return (await isErased(db, userId)) ? { state: 'erased' } : { state: 'none' };
    }
    return domainEvents.transact(async (trx) => {
      await deps.membership.lockMembersWithin(trx, [userId]);
      if (await isErased(trx, userId)) return { state: 'erased' } as const;
      if (!(await repo.cancelPending(trx, userId, null, now()))) return { state: 'none' } as const;
      await queueCancelled(trx, userId);
      return { state: 'cancelled' } as const;
    });
  }

  async function queueCancelled(trx: DbExecutor, userId: number): Promise<void> {
    const recipient = await mailRecipientOf(trx, userId);
    if (!recipient) return;
    await queueMail(
      trx,
      domainEvents,
      {
        kind: 'account-deletion-cancelled',
        to: recipient.to,
        userId,
        language: recipient.language,
        data: { username: recipient.username },
      },
      now(),
    );
  }

  /** `POST /admin/users/{uuid}/deletion` (audited `user.deletion_request`). */
  async function adminRequest(actor: Actor, userUuid: string, input: { reason: string; comments: DeletionComments }) {
    return domainEvents.transact(async (trx) => {
      const user = await repo.findUserForDeletion(trx, { uuid: userUuid });
      if (!user) throw userNotFound();
      const scheduled = await schedule(trx, user.id, { comments: input.comments, requestedBy: actor.userId, reason: input.reason });
      await deps.audit.recordWithin(trx, actor, {
        action: 'user.deletion_request',
        targetType: 'user',
        targetId: user.uuid,
        after: { ...scheduled.deletion, reason: input.reason },
      });
      return scheduled;
    });
  }

  /** `DELETE /admin/users/{uuid}/deletion` (audited `user.deletion_cancel`), at the reader's request. */
  async function adminCancel(actor: Actor, userUuid: string, reason: string): Promise<{ cancelled: true }> {
    return domainEvents.transact(async (trx) => {
      const user = await repo.findUserForDeletion(trx, { uuid: userUuid });
      if (!user) throw userNotFound();
      await deps.membership.lockMembersWithin(trx, [user.id]);
      if (await isErased(trx, user.id)) throw erasedAlready();
      const pending = await repo.findPendingDeletion(trx, user.id);
      if (!pending || !(await repo.cancelPending(trx, user.id, actor.userId, now())))
        throw notFound(ErrorCode.DELETION_NOT_FOUND, 'No deletion of this account is pending');
      await queueCancelled(trx, user.id);
      await deps.audit.recordWithin(trx, actor, {
        action: 'user.deletion_cancel',
        targetType: 'user',
        targetId: user.uuid,
        before: { requested_at: pending.requested_at, erase_at: pending.erase_at, comments: pending.comments },
        after: { reason },
      });
      return { cancelled: true as const };
    });
  }

  /** `GET /admin/deletions`: pending (default) or erased, newest request first. */
  async function list(query: AdminDeletionsQuery): Promise<{ items: AdminDeletion[]; next_cursor: string | null }> {
    const state = query.state ?? 'pending';
    const cursor = query.cursor === undefined ? null : decodeCursor(`${LIST_CURSOR}-${state}`, query.cursor, ['int'] as const);
    const rows = await repo.listDeletions(db, state, cursor ? cursor.key[0] : null, LIST_PAGE + 1);
    const page = rows.slice(0, LIST_PAGE);
    const position = (cursor?.position ?? 0) + page.length;
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        user_uuid: row.user_uuid,
        name: row.name,
        requested_at: Number(row.requested_at),
        erase_at: Number(row.erase_at),
        erased_at: row.erased_at === null ? null : Number(row.erased_at),
        requested_by: row.requested_by === null ? 'reader' : 'operator',
        comments: row.comments,
        reason: row.reason,
      })),
      next_cursor: rows.length > LIST_PAGE && last ? encodeCursor(`${LIST_CURSOR}-${state}`, [last.id], position) : null,
    };
  }

  return { info, request, checkAtLogin, adminRequest, adminCancel, list };
}

export type DeletionService = ReturnType<typeof createDeletionService>;
