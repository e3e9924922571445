import { statfs } from 'node:fs/promises';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Db } from '../../db/database.js';
import { countJobs, countMail, countPagesWithoutLite, oldestDueJobs, oldestUnsentMail } from './metrics.repository.js';

export type PushResult = 'sent' | 'gone' | 'failed';

/** What background work reports as it runs (job runner, push); the rest is read at scrape. */
export interface BackgroundMetrics {
  jobFinished(kind: string, result: 'succeeded' | 'failed', seconds: number): void;
  pushDelivered(result: PushResult): void;
}

export interface BackgroundSources {
  db: Db;
  dataDir: string;
  /** Every job kind this process runs: each gets its series even at zero, so an alert sees 0, not nothing. */
  jobKinds: readonly string[];
  /** The in-process search index (search/book-search.ts stats()). */
  searchStats(): { deltaBooks: number; lastBase: { books: number; builtAt: number; seconds: number } | null };
  now?: () => number;
}

const JOB_STATES = ['queued', 'running', 'failed'] as const;
const MAIL_STATES = ['queued', 'sending', 'sent', 'failed', 'suppressed'] as const;

/** The gauges read at scrape, once the services they read exist (app.ts). */
export function registerBackgroundGauges(registry: Registry, sources: BackgroundSources): void {
  const { db } = sources;
  const now = sources.now ?? Date.now;
  const registers = [registry];
  // Gauges read from the database: the same on every worker and node, so the cluster sum takes the first.
  new Gauge({
    name: 'inkstream_jobs',
    help: 'Jobs in the table by kind and state (queued, running, failed within the housekeeping window), read at scrape.',
    labelNames: ['kind', 'state'],
    registers,
    aggregator: 'first',
    async collect() {
      const counts = await countJobs(db);
      this.reset();
      for (const kind of sources.jobKinds) for (const state of JOB_STATES) this.set({ kind, state }, 0);
      for (const { kind, state, n } of counts) this.set({ kind, state }, n);
    },
  });
  new Gauge({
    name: 'inkstream_jobs_oldest_due_age_seconds',
    help: 'Per kind, seconds since the oldest queued job became due (0 when none is due).',
    labelNames: ['kind'],
    registers,
    aggregator: 'first',
    async collect() {
      const at = now();
      const due = await oldestDueJobs(db, at);
      this.reset();
      for (const kind of sources.jobKinds) this.set({ kind }, 0);
      for (const { kind, runAt } of due) this.set({ kind }, Math.max(0, (at - runAt) / 1000));
    },
  });
  new Gauge({
    name: 'inkstream_mail_outbox',
    help: 'Messages in the mail outbox by state, read at scrape.',
    labelNames: ['state'],
    registers,
    aggregator: 'first',
    async collect() {
      const counts = await countMail(db);
      this.reset();
      for (const state of MAIL_STATES) this.set({ state }, 0);
      for (const { state, n } of counts) this.set({ state }, n);
    },
  });
  new Gauge({
    name: 'inkstream_mail_outbox_oldest_queued_age_seconds',
    help: 'Seconds since the oldest message not sent yet (queued or sending) was written; 0 when none.',
    registers,
    aggregator: 'first',
    async collect() {
      const createdAt = await oldestUnsentMail(db);
      this.set(createdAt === null ? 0 : Math.max(0, (now() - createdAt) / 1000));
    },
  });
  new Gauge({
    name: 'inkstream_lite_backfill_remaining_pages',
    help: 'Pages the lighter-image backfill has not looked at yet.',
    registers,
    aggregator: 'first',
    async collect() {
      this.set(await countPagesWithoutLite(db));
    },
  });
  new Gauge({
    name: 'inkstream_search_index_base_books',
    help: "Books in this process's search index base.",
    registers,
    aggregator: 'max',
    collect() {
      this.set(sources.searchStats().lastBase?.books ?? 0);
    },
  });
  new Gauge({
    name: 'inkstream_search_index_delta_books',
    help: 'Books changed since the base was built (the delta layer).',
    registers,
    aggregator: 'max',
    collect() {
      this.set(sources.searchStats().deltaBooks);
    },
  });
  new Gauge({
    name: 'inkstream_search_index_last_rebuild_timestamp_seconds',
    help: 'Unix time the search index base was last built (0 before the first); the cluster keeps the stalest worker.',
    registers,
    aggregator: 'min',
    collect() {
      this.set(Math.floor((sources.searchStats().lastBase?.builtAt ?? 0) / 1000));
    },
  });
  new Gauge({
    name: 'inkstream_search_index_rebuild_duration_seconds',
    help: 'How long the last build of the search index base took.',
    registers,
    aggregator: 'max',
    collect() {
      this.set(sources.searchStats().lastBase?.seconds ?? 0);
    },
  });
  const disk = async () => {
    const stats = await statfs(sources.dataDir);
    return { free: stats.bavail * stats.bsize, size: stats.blocks * stats.bsize };
  };
  new Gauge({
    name: 'inkstream_data_dir_free_bytes',
    help: 'Bytes free for the server in the file system of DATA_DIR.',
    registers,
    aggregator: 'first',
    async collect() {
      this.set((await disk()).free);
    },
  });
  new Gauge({
    name: 'inkstream_data_dir_size_bytes',
    help: 'Size of the file system of DATA_DIR.',
    registers,
    aggregator: 'first',
    async collect() {
      this.set((await disk()).size);
    },
  });
}

/** The counters background work increments as it runs; built before the services that report to them. */
export function createBackgroundMetrics(registry: Registry): BackgroundMetrics {
  const registers = [registry];
  const runs = new Counter({
    name: 'inkstream_job_runs_total',
    help: 'Jobs this process ran to the end, by kind and result (succeeded, failed).',
    labelNames: ['kind', 'result'],
    registers,
  });
  const durations = new Histogram({
    name: 'inkstream_job_duration_seconds',
    help: 'Time a job took, by kind.',
    labelNames: ['kind'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900],
    registers,
  });
  const push = new Counter({
    name: 'inkstream_push_deliveries_total',
    help: 'Web Push deliveries by result: sent, gone (subscription expired: 404/410), failed.',
    labelNames: ['result'],
    registers,
  });
  for (const result of ['sent', 'gone', 'failed'] as const) push.inc({ result }, 0);
  return {
    jobFinished(kind, result, seconds) {
      runs.inc({ kind, result });
      durations.observe({ kind }, seconds);
    },
    pushDelivered: (result) => push.inc({ result }),
  };
}
