import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import path from 'node:path/posix';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { acquireLease, releaseLease } from '../../db/lease.js';
import { letOthersRun } from '../../lib/concurrency.js';
import type { MediaStorage } from '../media/media-storage.js';
import { ImageDecodeError, processLitePage } from '../media/image-pipeline.js';
import { storeImage } from '../media/page-store.js';
import * as repo from './lite-backfill.repository.js';

const LEASE_NAME = 'lite-backfill';
/** A look every minute: after the backfill is done, one indexed query that finds nothing. */
export const LITE_BACKFILL_INTERVAL_MS = 60_000;
/** Pages per run: about ten seconds of one core on full-size pages, then the site has the node back. */
export const LITE_BACKFILL_BATCH = 50;

export interface LiteBackfillDeps {
  db: Db;
  /** A batch's new variants are written in one transaction of it, raising `chapter-changed` per book: the pages' answers are read again. */
  domainEvents: Pick<DomainEvents, 'transact' | 'raise'>;
  storage: MediaStorage;
  log: { warn(fields: object, message: string): void; info?(fields: object, message: string): void };
  now?: () => number;
  intervalMs?: number;
  batchSize?: number;
}

export interface LiteBackfillRun {
  /** Pages that got a lighter variant. */
  made: number;
  /** Pages looked at that have none lighter than their other forms (marked '', never looked at again). */
  none: number;
  /** Pages whose stored image could not be read or decoded (marked '' too, and logged). */
  failed: number;
}

/**
 * Gives pages imported before the data saver their lighter variant (image-pipeline.ts,
 * processLitePage), in the background: one node at a time (a lease), a batch of pages per run, one
 * page at a time with a yield between them, every minute until none is left. It resumes where it
 * stopped after a restart, since the database is its state: a page is done once its lite_key is
 * set ('' for none). The variants a run made are written together at its end, in one transaction
 * that raises `chapter-changed` for their books, so the catalogue version moves once and chapter
 * answers cached on every node pick the new keys up.
 */
export function createLiteBackfill(deps: LiteBackfillDeps) {
  const { db, domainEvents, storage, log } = deps;
  const now = deps.now ?? Date.now;
  const intervalMs = deps.intervalMs ?? LITE_BACKFILL_INTERVAL_MS;
  const batchSize = deps.batchSize ?? LITE_BACKFILL_BATCH;
  const owner = `lite-backfill-${randomUUID()}`;
  const leaseMs = Math.max(intervalMs * 3, 120_000);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopping = false;
  let afterId = 0;

  async function liteOf(page: repo.PageWithoutLite): Promise<string> {
    const stored = await buffer(await storage.read(page.media_key));
    const variantSizes = await Promise.all(
      [page.avif_key, page.webp_key].map(async (key) => (key ? ((await storage.stat(key))?.size ?? Infinity) : Infinity)),
    );
    const lite = await processLitePage(stored, Math.min(stored.length, ...variantSizes));
    return lite ? storeImage(storage, `${path.dirname(page.media_key)}/`, lite) : '';
  }

  /** One run: up to `batchSize` pages. */
  async function runOnce(): Promise<LiteBackfillRun> {
    const run: LiteBackfillRun = { made: 0, none: 0, failed: 0 };
    if (stopping || !(await acquireLease(db, LEASE_NAME, owner, leaseMs, now()))) return run;
    try {
      const pages = await repo.findPagesWithoutLite(db, afterId, batchSize);
      // Walk on from the last page seen; after the end, start over (a page an import left without one).
      afterId = pages.length < batchSize ? 0 : pages.at(-1)!.id;
      const made: { page: repo.PageWithoutLite; key: string }[] = [];
      for (const page of pages) {
        if (stopping) break;
        let key = '';
        let failed = false;
        try {
          key = await liteOf(page);
        } catch (error) {
          // A page whose stored bytes are gone or broken is served as it is; it is not tried again.
          log.warn(
            { err: error instanceof ImageDecodeError ? error.reason : error, mediaKey: page.media_key },
            'no lighter variant for a page',
          );
          failed = true;
        }
        // A variant changes what the chapter's answer lists: written with the others below. '' (none)
        // changes no answer, so it is marked at once, on its own.
        if (key && !failed) made.push({ page, key });
        else if (await repo.setLiteKey(db, page.id, key)) {
          if (failed) run.failed += 1;
          else run.none += 1;
        }
        await letOthersRun();
      }
      if (made.length > 0) {
        await domainEvents.transact(async (trx) => {
          for (const { page, key } of made) {
            if (!(await repo.setLiteKey(trx, page.id, key))) continue;
            run.made += 1;
            await domainEvents.raise(trx, { type: 'chapter-changed', bookId: page.book_id });
          }
        });
      }
    } finally {
      await releaseLease(db, LEASE_NAME, owner);
    }
    if (run.made + run.none + run.failed > 0) log.info?.({ ...run }, 'lighter page variants made');
    return run;
  }

  function schedule(delay: number) {
    if (stopping) return;
    timer = setTimeout(() => {
      const started = now();
      running = runOnce()
        // A full batch: more is waiting. The next comes after a pause as long as this batch took, so
        // the backfill keeps at most half a core from readers while it catches up.
        .then((run) => schedule(run.made + run.none + run.failed >= batchSize ? Math.max(0, now() - started) : intervalMs))
        .catch((error: unknown) => {
          log.warn({ err: error }, 'the lighter-variant backfill stopped; trying again later');
          schedule(intervalMs);
        });
    }, delay);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      stopping = false;
      schedule(intervalMs / 6);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
