import type { Db } from '../../db/database.js';
import { findCoverMediaKeys, findPageMediaKeys } from '../../modules/media/media.repository.js';
import { parsePositiveInt } from '../cli-error.js';
import type { CliContext } from '../cli-context.js';

export interface MediaGcOptions {
  'dry-run'?: boolean;
  'grace-minutes'?: string;
}

/** Files younger than this are never removed: an import may have stored them and not yet saved its chapter. */
const DEFAULT_GRACE_MINUTES = 60;

/** Every media key a row points to: pages (fallback and variants) and covers (every size). */
async function referencedKeys(db: Db): Promise<Set<string>> {
  const keys = new Set<string>();
  const pages = await findPageMediaKeys(db);
  for (const page of pages) for (const key of [page.media_key, page.avif_key, page.webp_key, page.lite_key]) if (key) keys.add(key);
  const covers = await findCoverMediaKeys(db);
  for (const cover of covers) {
    if (cover.cover_key) keys.add(cover.cover_key);
    for (const variant of JSON.parse(cover.cover_variants ?? '[]') as { key: string }[]) keys.add(variant.key);
  }
  return keys;
}

/**
 * `media gc [--dry-run] [--grace-minutes N]`: removes stored page and cover files that no row
 * points to (left by an import that was killed, or by chapters and books deleted since), through
 * the configured storage driver, so it works on the folder and on a bucket alike. Files changed in
 * the last hour (or N minutes) are kept, so a running import never loses what it just stored.
 */
export async function mediaGc(ctx: CliContext, options: MediaGcOptions): Promise<void> {
  const graceMinutes =
    options['grace-minutes'] === undefined
      ? DEFAULT_GRACE_MINUTES
      : parsePositiveInt(options['grace-minutes'], '--grace-minutes', { min: 0, max: 525_600 });
  const keep = await referencedKeys(ctx.db);
  const cutoff = Date.now() - graceMinutes * 60_000;
  let kept = 0;
  let young = 0;
  const orphans: string[] = [];
  for (const prefix of ['pages/', 'covers/']) {
    for await (const object of ctx.storage.list(prefix)) {
      if (keep.has(object.key)) kept += 1;
      else if (object.lastModified.getTime() > cutoff) young += 1;
      else orphans.push(object.key);
    }
  }
  if (!options['dry-run']) for (const key of orphans) await ctx.storage.delete(key);
  for (const key of orphans) ctx.write(`${options['dry-run'] ? 'would remove' : 'removed'} ${key}`);
  ctx.write(
    `${orphans.length} unreferenced file(s) ${options['dry-run'] ? 'to remove' : 'removed'}; ${kept} referenced kept; ` +
      `${young} unreferenced but newer than ${graceMinutes} minute(s) kept`,
  );
}
