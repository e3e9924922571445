import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/database.js';
import type { DomainEvents } from '../../db/domain-events.js';
import { acquireLease, releaseLease } from '../../db/lease.js';
import { isCatalogueEmpty } from '../catalogue/catalogue.repository.js';
import type { MediaStorage } from '../media/media-storage.js';
import type { SeedDemoResult, SeedProgress } from './demo-catalogue.js';
import type { StoredImageRecord } from './demo-images.js';
import { createDemoAccounts } from './demo-accounts.js';
import { seedDemoAudience } from './demo-audience.js';
import { findAppState, writeAppState } from './demo.repository.js';

/**
 * When to generate the demo catalogue, and how a seed that was stopped part way is finished.
 *
 * `app_state.demo_seed` records `{state: 'started' | 'done', now}`. 'started' is written before the
 * first book, 'done' after the demo accounts. A start that finds 'started' (the first start was
 * stopped by Ctrl-C, a crash or a full disk) finishes the seed with the same `now`: the books
 * already written are whole (one transaction each) and kept, the rest are written, so the catalogue
 * ends up exactly as one uninterrupted seed writes it. Without a marker, only an empty catalogue is
 * seeded, so an existing site is never touched. Images drawn for a book that was never written
 * are drawn again to the same content-addressed keys, so nothing is left behind in storage.
 *
 * A lease (db/lease.ts) keeps two processes starting at once from seeding together; one that
 * finds it held waits for the holder to finish, or for the lease of a killed holder to lapse.
 */

export const DEMO_SEED_STATE_KEY = 'demo_seed';
const LEASE = 'demo-seed';
const LEASE_TTL_MS = 20_000;
const RENEW_EVERY_MS = 5_000;
const WAIT_POLL_MS = 1_000;
const WAIT_LOG_EVERY_MS = 5_000;

export interface DemoSeedState {
  state: 'started' | 'done';
  /** The time the demo's dates are computed from; a resumed seed keeps the first start's. */
  now: number;
}

export async function readDemoSeedState(db: Db): Promise<DemoSeedState | null> {
  const value = await findAppState(db, DEMO_SEED_STATE_KEY);
  if (value === null) return null;
  try {
    const parsed = JSON.parse(value) as Partial<DemoSeedState>;
    if ((parsed.state === 'started' || parsed.state === 'done') && typeof parsed.now === 'number') {
      return { state: parsed.state, now: parsed.now };
    }
  } catch {
    // Not ours to interpret: treated as no marker (only an empty catalogue is seeded).
  }
  return null;
}

async function writeDemoSeedState(db: Db, state: DemoSeedState): Promise<void> {
  await writeAppState(db, DEMO_SEED_STATE_KEY, JSON.stringify(state));
}

export interface SeedDemoWhenNeededDeps {
  db: Db;
  /** Each book's transaction goes through it, raising `book-changed` (this process's caches, the other processes). */
  domainEvents: Pick<DomainEvents, 'transact' | 'raise'>;
  storage: MediaStorage;
  log: (message: string) => void;
  /** The demo's reference time for a new seed (default now); a resumed seed keeps its own. */
  now?: number;
  /** Aborted by SIGINT/SIGTERM during the first start: the seed stops between books. */
  signal?: AbortSignal;
  onBookWritten?: (progress: SeedProgress) => void;
  progressEveryMs?: number;
  /** See SeedDemoDeps.storedImages (tests that seed the same storage again). */
  storedImages?: StoredImageRecord;
}

/** Is there demo work to do: a seed to finish, or an empty catalogue never seeded? */
async function needsSeed(db: Db): Promise<DemoSeedState | 'fresh' | null> {
  const state = await readDemoSeedState(db);
  if (state?.state === 'done') return null;
  if (state) return state;
  return (await isCatalogueEmpty(db)) ? 'fresh' : null;
}

/**
 * DEMO_CATALOGUE=auto: seeds the demo catalogue and demo accounts into an empty catalogue, or
 * finishes a seed an earlier start left unfinished. Returns what it wrote, or null when there was
 * nothing to do.
 */
export async function seedDemoWhenNeeded(deps: SeedDemoWhenNeededDeps): Promise<SeedDemoResult | null> {
  const { db, log } = deps;
  const owner = randomUUID();
  let lastWaitLog = 0;
  for (;;) {
    if ((await needsSeed(db)) === null) return null;
    if (await acquireLease(db, LEASE, owner, LEASE_TTL_MS, Date.now())) break;
    if (Date.now() - lastWaitLog >= WAIT_LOG_EVERY_MS) {
      log(
        'another process is generating the demo catalogue (or was, until it stopped): waiting for it to finish or for its claim to lapse',
      );
      lastWaitLog = Date.now();
    }
    await sleep(WAIT_POLL_MS, undefined, { signal: deps.signal });
  }

  const renew = setInterval(() => void acquireLease(db, LEASE, owner, LEASE_TTL_MS, Date.now()).catch(() => {}), RENEW_EVERY_MS);
  // Loaded only when needed: image generation pulls in sharp/libvips, which a running server does not need.
  const { seedDemoCatalogue } = await import('./demo-catalogue.js');
  const sharp = (await import('sharp')).default;
  try {
    // Read again under the lease: the previous holder may have finished in the meantime.
    const needed = await needsSeed(db);
    if (needed === null) return null;
    const state: DemoSeedState = needed === 'fresh' ? { state: 'started', now: deps.now ?? Date.now() } : needed;
    if (needed === 'fresh') {
      await writeDemoSeedState(db, state);
      log('empty catalogue: generating the demo catalogue (only on this first start)');
    } else {
      log('an earlier start stopped while generating the demo catalogue: finishing it');
    }
    const summary = await seedDemoCatalogue({
      db,
      domainEvents: deps.domainEvents,
      storage: deps.storage,
      now: state.now,
      log,
      signal: deps.signal,
      onBookWritten: deps.onBookWritten,
      progressEveryMs: deps.progressEveryMs,
      storedImages: deps.storedImages,
    });
    await createDemoAccounts(db, state.now);
    // Readers, their reading and ratings, so discovery (rankings, "readers also read") has something to show.
    const audience = await seedDemoAudience(db, state.now);
    await writeDemoSeedState(db, { state: 'done', now: state.now });
    log(
      `demo catalogue ready: ${summary.books} books, ${summary.chapters} chapters` +
        ` (${summary.booksWritten} books and ${summary.pages} pages written now) in ${(summary.ms / 1000).toFixed(1)} s;` +
        ` ${audience.readers} readers with ${audience.starts} books started and ${audience.ratings} ratings in ${(audience.ms / 1000).toFixed(1)} s`,
    );
    return summary;
  } finally {
    clearInterval(renew);
    await releaseLease(db, LEASE, owner).catch(() => {});
    // Give back libvips' operation cache (up to 50 MB by default) once the images are written.
    sharp.cache(false);
  }
}
