import { randomUUID } from 'node:crypto';
import type { Db, DbExecutor } from '../../db/database.js';
import type { EventRaiser } from '../../db/domain-events.js';
import * as repo from './jobs.repository.js';

/** What a handler gets: its input, a way to report progress, and a signal when the node stops. */
export interface JobContext {
  uuid: string;
  payload: unknown;
  /** Stored with the next lease renewal (at most every `leaseMs / 3`), and at the end. */
  reportProgress(progress: unknown): void;
  signal: AbortSignal;
}

/** Runs one job; what it returns is stored as the job's result. A thrown error fails the job. */
export type JobHandler = (job: JobContext) => Promise<unknown>;

/** Puts a job in the queue, inside the caller's transaction (what services are given: never the runner). */
export interface JobQueue {
  enqueue(executor: DbExecutor, input: EnqueueInput): Promise<string>;
}

/**
 * The queue's writing side, made before any service that queues work: the runner, which needs
 * every kind's handler, is made last from the same table. An enqueue raises `job-queued`; the
 * wiring root wakes the runner once it is committed.
 */
export function createJobQueue(options: { domainEvents: EventRaiser; now?: () => number }): JobQueue {
  const now = options.now ?? (() => Date.now());
  return {
    async enqueue(executor, input) {
      const uuid = randomUUID();
      const at = now();
      await repo.insertJob(executor, {
        uuid,
        kind: input.kind,
        payload: JSON.stringify(input.payload ?? null),
        runAt: input.runAt ?? at,
        createdBy: input.createdBy ?? null,
        now: at,
      });
      await options.domainEvents.raise(executor, { type: 'job-queued', kind: input.kind });
      return uuid;
    },
  };
}

export interface JobRunnerOptions {
  db: Db;
  /** The queue the runner's own `enqueue` writes to (tests queue through the runner). */
  queue: JobQueue;
  handlers: Record<string, JobHandler>;
  log: { warn(fields: object, message: string): void; info?(fields: object, message: string): void };
  /** How often each kind looks for due work (default 1 s: a scheduled release appears on time). */
  pollMs?: number;
  /** How long a claim holds without renewal (default 60 s): a dead node's job is taken over after it. */
  leaseMs?: number;
  /** A job taken over this many times failed for good (a job that crashes its node must not loop). */
  maxAttempts?: number;
  now?: () => number;
  /** Each job run to the end (metrics): its kind, result and duration. */
  onFinished?: ((kind: string, result: 'succeeded' | 'failed', seconds: number) => void) | null;
}

export interface EnqueueInput {
  kind: string;
  payload: unknown;
  runAt?: number;
  createdBy?: number | null;
}

/**
 * One jobs table, any node: each kind has one slot per node, so a long import never delays a
 * scheduled release. A due job is claimed with a compare-and-swap lease that the runner renews
 * while the handler works; a node that dies stops renewing and another node takes the job over.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, handlers, log } = options;
  // Read at each call (not a reference taken once), like the services: a test that mocks Date reaches it.
  const now = options.now ?? (() => Date.now());
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const owner = `node-${randomUUID()}`;
  const kinds = Object.keys(handlers);
  const busy = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | null = null;

  async function runOne(kind: string): Promise<boolean> {
    const row = await repo.findDueJob(db, [kind], now());
    if (!row) return false;
    if (!(await repo.claimJob(db, row, owner, now() + leaseMs, now()))) return true; // another node won; look again
    if (row.attempts + 1 > maxAttempts) {
      await repo.finishJob(
        db,
        row.id,
        owner,
        { state: 'failed', result: null, error: 'stopped its node too many times', progress: null },
        now(),
      );
      return true;
    }
    let progress: string | null = null;
    let renewal: NodeJS.Timeout | null = setInterval(
      () => {
        const pending = progress;
        progress = null;
        repo
          .renewJob(db, row.id, owner, now() + leaseMs, pending, now())
          .catch((error: unknown) => log.warn({ err: error, job: row.uuid }, 'job lease renewal failed'));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    const stop = () => {
      if (renewal) clearInterval(renewal);
      renewal = null;
    };
    const startedAt = performance.now();
    const finished = (result: 'succeeded' | 'failed') => options.onFinished?.(kind, result, (performance.now() - startedAt) / 1000);
    try {
      const result = await handlers[kind]!({
        uuid: row.uuid,
        payload: JSON.parse(row.payload) as unknown,
        reportProgress: (value) => {
          progress = JSON.stringify(value);
        },
        signal: stopping.signal,
      });
      stop();
      await repo.finishJob(db, row.id, owner, { state: 'succeeded', result: JSON.stringify(result ?? null), error: null, progress }, now());
      finished('succeeded');
    } catch (error) {
      stop();
      if (stopping.signal.aborted) {
        await repo.releaseJob(db, row.id, owner, now());
      } else {
        const message = error instanceof Error ? error.message : String(error);
        log.warn({ err: error, job: row.uuid, kind }, 'job failed');
        await repo.finishJob(db, row.id, owner, { state: 'failed', result: null, error: message.slice(0, 2000), progress }, now());
        finished('failed');
      }
    }
    return true;
  }

  /** Looks for due work of every idle kind; a kind that found some looks again at once. */
  function poll(): void {
    for (const kind of kinds) {
      if (busy.has(kind) || stopping.signal.aborted) continue;
      const work = (async () => {
        try {
          while (!stopping.signal.aborted && (await runOne(kind)));
        } catch (error) {
          log.warn({ err: error, kind }, 'job poll failed');
        }
      })().finally(() => busy.delete(kind));
      busy.set(kind, work);
    }
  }

  return {
    owner,
    /** The kinds this runner runs (metrics list each, even at zero). */
    kinds: kinds as readonly string[],
    enqueue: options.queue.enqueue,
    /** Looks for work now (after a committed enqueue: wiring/after-commit.ts) instead of at the next tick. */
    wake: () => {
      if (timer) poll();
    },
    start() {
      if (timer) return;
      timer = setInterval(poll, pollMs);
      timer.unref();
      poll();
    },
    /**
     * Runs every due job (tests, which do not start the timer), those the jobs queue too (an
     * erasure's farewell mail): passes over the kinds until one finds nothing due, whatever order
     * the kinds were registered in.
     */
    async drain(): Promise<void> {
      for (let ran = true; ran;) {
        ran = false;
        for (const kind of kinds) while (await runOne(kind)) ran = true;
      }
    },
    /** Stops polling and tells running handlers to stop; their jobs go back to the queue. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      stopping.abort();
      await Promise.allSettled([...busy.values()]);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
