import type { DbExecutor } from './database.js';

/**
 * A named lease in `app_state` so a background job runs on one node at a time: the holder renews
 * it on every run; another node takes it over only after it lapsed (its holder stopped or died).
 * Compare-and-swap on the stored value, so two nodes racing for a lapsed lease cannot both win.
 */
export async function acquireLease(db: DbExecutor, name: string, owner: string, ttlMs: number, now: number): Promise<boolean> {
  const key = `lease:${name}`;
  const value = JSON.stringify({ owner, until: now + ttlMs });
  const current = await db.selectFrom('app_state').select('value').where('state_key', '=', key).executeTakeFirst();
  if (!current) {
    const inserted = await db
      .insertInto('app_state')
      .values({ state_key: key, value })
      .onConflict((oc) => oc.column('state_key').doNothing())
      .returning('state_key')
      .executeTakeFirst();
    return inserted !== undefined;
  }
  const held = parseLease(current.value);
  if (held && held.owner !== owner && held.until > now) return false;
  const result = await db
    .updateTable('app_state')
    .set({ value })
    .where('state_key', '=', key)
    .where('value', '=', current.value)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives the lease up (on shutdown) so another node need not wait for it to lapse. */
export async function releaseLease(db: DbExecutor, name: string, owner: string): Promise<void> {
  const key = `lease:${name}`;
  const current = await db.selectFrom('app_state').select('value').where('state_key', '=', key).executeTakeFirst();
  if (current && parseLease(current.value)?.owner === owner) {
    await db.deleteFrom('app_state').where('state_key', '=', key).where('value', '=', current.value).execute();
  }
}

function parseLease(value: string): { owner: string; until: number } | null {
  try {
    const parsed = JSON.parse(value) as { owner?: unknown; until?: unknown };
    return typeof parsed.owner === 'string' && typeof parsed.until === 'number' ? { owner: parsed.owner, until: parsed.until } : null;
  } catch {
    return null;
  }
}
