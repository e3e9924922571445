import { ErrorCode } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit.service.js';
import * as repo from './moderation.repository.js';

/** What every moderation tool works with: the database, the audit log and the clock (tests set it). */
export interface ModerationContext {
  db: Db;
  audit: AuditService;
  now: () => number;
}

export const notFound = (code: ErrorCode, what: string) => new AppError(code, 404, `No ${what} with this id`);

// What a console request names by uuid: 404 when there is no such thing.

export async function commentIdOf(db: Db, uuid: string): Promise<number> {
  const row = await repo.findCommentIdByUuid(db, uuid);
  if (!row) throw notFound(ErrorCode.COMMENT_NOT_FOUND, 'comment');
  return row.id;
}

export async function userOf(db: Db, uuid: string) {
  const user = await repo.findUserByUuid(db, uuid);
  if (!user) throw notFound(ErrorCode.USER_NOT_FOUND, 'reader');
  return user;
}

export async function bookOf(db: Db, uuid: string) {
  const book = await repo.findBookByUuid(db, uuid);
  if (!book) throw notFound(ErrorCode.BOOK_NOT_FOUND, 'book');
  return book;
}
