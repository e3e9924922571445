import type { AuditEntry, AuditListQuery, KeysetPaged } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import { cappedTotal, decodeCursor, encodeCursor, offsetStart } from '../../lib/list-cursor.js';
import { fromIsoOrNull, toIso } from '../../lib/time.js';
import * as repo from './audit.repository.js';

const AUDIT_CURSOR = 'audit';

/** Who made a change: an administrator of the console, or the command line on the server. */
export interface Actor {
  userId: number | null;
  name: string;
}

export const CLI_ACTOR: Actor = { userId: null, name: 'cli' };

export interface AuditRecord {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * The title the console shows for each book, in `language` (the console's) or the book's own: a
 * port the catalogue fills (catalogue/console-titles.ts, handed in by services.ts), so the audit
 * log, which every floor writes, knows no module above it.
 */
export type BookTitles = (
  executor: DbExecutor,
  books: readonly { id: number; original_language: string }[],
  language: string | undefined,
) => Promise<ReadonlyMap<number, { title: string }>>;

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * The audit log: every change made in the console (and by the CLI through the same services) is
 * written in the same transaction as the change, so a change without its entry cannot exist.
 */
export function createAuditService(deps: { db: Db; bookTitles: BookTitles; now?: () => number }) {
  const { db, bookTitles } = deps;
  const now = deps.now ?? Date.now;

  const recordWithin = (trx: DbExecutor, actor: Actor, record: AuditRecord) =>
    repo.insertAuditEntry(trx, {
      actor_user_id: actor.userId,
      actor_name: actor.name.slice(0, 64),
      action: record.action,
      target_type: record.targetType,
      target_id: String(record.targetId).slice(0, 64),
      before_json: json(record.before),
      after_json: json(record.after),
      created_at: now(),
    });

  /** Newest first, by `cursor` (any depth) or `page` (the first rows only), counted only so far. */
  async function list(query: AuditListQuery): Promise<KeysetPaged<AuditEntry>> {
    const pageSize = query.page_size ?? 50;
    const offset = offsetStart(query.page ?? 0, pageSize, query.cursor !== undefined);
    const cursor = query.cursor === undefined ? null : decodeCursor(AUDIT_CURSOR, query.cursor, ['int', 'int'] as const);
    const position = cursor ? cursor.position : offset.position;
    const { rows, countedFromStart } = await repo.listAuditEntries(
      db,
      {
        actor: query.actor,
        action: query.action,
        targetType: query.target_type,
        targetId: query.target_id,
        from: fromIsoOrNull(query.from) ?? undefined,
        to: fromIsoOrNull(query.to) ?? undefined,
      },
      cursor ? { after: { createdAt: cursor.key[0], id: cursor.key[1] } } : { offset: offset.offset },
      pageSize,
    );
    const last = rows.at(-1);
    const next_cursor =
      last && countedFromStart > rows.length ? encodeCursor(AUDIT_CURSOR, [last.created_at, last.id], position + rows.length) : null;
    const items = rows.map((row) => ({
      id: row.id,
      actor: row.actor_name,
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      before: parse(row.before_json),
      after: parse(row.after_json),
      created_at: toIso(row.created_at),
    }));
    const names = await namesOf(items, query.language);
    return {
      ...cappedTotal(position, countedFromStart),
      next_cursor,
      items: items.map((item) => {
        const mentioned = [item.target_id, ...uuidsIn(item.before), ...uuidsIn(item.after)].filter((id) => names.has(id));
        return { ...item, names: Object.fromEntries(mentioned.map((id) => [id, names.get(id)!])) };
      }),
    };
  }

  /** Readable names of the books, chapters and users a page of entries mentions: a handful of queries per page. */
  async function namesOf(items: readonly { target_id: string; before: unknown; after: unknown }[], language: string | undefined) {
    const uuids = new Set<string>();
    for (const item of items)
      for (const id of [item.target_id, ...uuidsIn(item.before), ...uuidsIn(item.after)]) if (UUID.test(id)) uuids.add(id);
    const found = await repo.findNamedByUuids(db, [...uuids].slice(0, 2000));
    const titleBooks = new Map<number, { id: number; original_language: string }>();
    const inChapters = [...found.chapters, ...found.comments].map((c) => ({ id: c.book_id, original_language: c.original_language }));
    for (const book of [...found.books, ...inChapters]) {
      titleBooks.set(book.id, book);
    }
    const titles = await bookTitles(db, [...titleBooks.values()], language);
    const names = new Map<string, string>();
    for (const book of found.books) names.set(book.uuid, titles.get(book.id)?.title ?? book.uuid);
    for (const chapter of found.chapters) names.set(chapter.uuid, `${titles.get(chapter.book_id)?.title ?? ''} #${chapter.number}`);
    for (const user of found.users) names.set(user.uuid, user.username);
    // A comment by where it was written (the target's type already says "Comment"): "Sword Song #3".
    for (const comment of found.comments) names.set(comment.uuid, `${titles.get(comment.book_id)?.title ?? ''} #${comment.number}`);
    return names;
  }

  return { recordWithin, list };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every uuid-shaped string among the keys and values of a before/after record, however nested. */
function uuidsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (UUID.test(value)) out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) uuidsIn(item, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (UUID.test(key)) out.push(key);
      uuidsIn(item, out);
    }
  }
  return out;
}

function parse(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export type AuditService = ReturnType<typeof createAuditService>;
