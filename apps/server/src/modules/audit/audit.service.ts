import type { AuditEntry, AuditListQuery, Paged } from '@inkstream/contracts';
import type { Db, DbExecutor } from '../../db/database.js';
import { fromIsoOrNull, toIso } from '../../lib/time.js';
import * as repo from './audit.repository.js';

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

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/**
 * The audit log: every change made in the console (and by the CLI through the same services) is
 * written in the same transaction as the change, so a change without its entry cannot exist.
 */
export function createAuditService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
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

  async function list(query: AuditListQuery): Promise<Paged<AuditEntry>> {
    const page = query.page ?? 0;
    const pageSize = query.page_size ?? 50;
    const { rows, total } = await repo.listAuditEntries(
      db,
      {
        actor: query.actor,
        action: query.action,
        targetType: query.target_type,
        targetId: query.target_id,
        from: fromIsoOrNull(query.from) ?? undefined,
        to: fromIsoOrNull(query.to) ?? undefined,
      },
      page,
      pageSize,
    );
    return {
      total,
      items: rows.map((row) => ({
        id: row.id,
        actor: row.actor_name,
        action: row.action,
        target_type: row.target_type,
        target_id: row.target_id,
        before: parse(row.before_json),
        after: parse(row.after_json),
        created_at: toIso(row.created_at),
      })),
    };
  }

  return { recordWithin, list };
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
