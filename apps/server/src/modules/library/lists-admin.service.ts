import { ErrorCode, READING_STATUSES, type AdminUserLibrary, type ReaderListSummary, type StatusCounts } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import * as repo from './lists.repository.js';
import { toSummary } from './lists.service.js';
import { countStatuses } from './statuses.repository.js';

/**
 * Issue 61: the console's side of reader lists: a reader's statuses and lists on their page; hide
 * (with a reason) and unhide a list, feature and unfeature a public one (staff picks). Every change
 * is audited (target_type 'reader_list').
 */
export function createListsAdminService(deps: { db: Db; audit: AuditService; now?: () => number }) {
  const { db, audit } = deps;
  const now = deps.now ?? Date.now;

  async function userLibrary(userUuid: string): Promise<AdminUserLibrary> {
    const user = await repo.findUserIdByUuid(db, userUuid);
    if (!user) throw notFound(ErrorCode.USER_NOT_FOUND, 'No such reader');
    const [rows, lists] = await Promise.all([countStatuses(db, user.id), repo.findOwnedLists(db, user.id)]);
    const counted = new Map(rows.map((row) => [row.status, Number(row.n)]));
    const statuses = Object.fromEntries(READING_STATUSES.map((status) => [status, counted.get(status) ?? 0])) as StatusCounts;
    return { statuses, lists: lists.map((row) => toSummary(row, true)) };
  }

  async function change(
    actor: Actor,
    listUuid: string,
    action: 'reader_list.hide' | 'reader_list.unhide' | 'reader_list.feature' | 'reader_list.unfeature',
    apply: (trx: DbExecutor, row: repo.ListSummaryRow) => Promise<void>,
  ): Promise<ReaderListSummary> {
    await db.transaction().execute(async (trx) => {
      const row = await repo.findListByUuid(trx, listUuid);
      if (!row) throw notFound(ErrorCode.LIST_NOT_FOUND, 'This list does not exist');
      const before = { hidden_reason: row.hidden_reason, hidden: row.hidden_at !== null, featured: row.featured_at !== null };
      await apply(trx, row);
      const after = await repo.findListByUuid(trx, listUuid);
      await audit.recordWithin(trx, actor, {
        action,
        targetType: 'reader_list',
        targetId: listUuid,
        before,
        after: { hidden_reason: after!.hidden_reason, hidden: after!.hidden_at !== null, featured: after!.featured_at !== null },
      });
    });
    const row = await repo.findListByUuid(db, listUuid);
    return toSummary(row!, true);
  }

  const hide = (actor: Actor, listUuid: string, reason: string) =>
    change(actor, listUuid, 'reader_list.hide', (trx, row) =>
      repo.updateList(trx, row.id, { hidden_at: now(), hidden_reason: reason.trim(), featured_at: null }, null),
    );
  const unhide = (actor: Actor, listUuid: string) =>
    change(actor, listUuid, 'reader_list.unhide', (trx, row) =>
      repo.updateList(trx, row.id, { hidden_at: null, hidden_reason: null }, null),
    );
  const feature = (actor: Actor, listUuid: string) =>
    change(actor, listUuid, 'reader_list.feature', async (trx, row) => {
      if (row.visibility !== 'public' || row.hidden_at !== null) {
        throw new AppError(ErrorCode.LIST_NOT_PUBLIC, 409, 'Only a public list that is not hidden can be featured');
      }
      await repo.updateList(trx, row.id, { featured_at: now() }, null);
    });
  const unfeature = (actor: Actor, listUuid: string) =>
    change(actor, listUuid, 'reader_list.unfeature', (trx, row) => repo.updateList(trx, row.id, { featured_at: null }, null));

  return { userLibrary, hide, unhide, feature, unfeature };
}

export type ListsAdminService = ReturnType<typeof createListsAdminService>;
