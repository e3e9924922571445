import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/test-context.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrator.js';
import { createDomainEvents } from '../src/db/domain-events.js';
import { createJobQueue, createJobRunner, type JobHandler } from '../src/modules/jobs/job-runner.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';

let database: DatabaseHandle;
let drop: () => Promise<void>;
const silent = { warn: () => undefined };

beforeAll(async () => {
  const testDb = await createTestDatabase();
  drop = testDb.drop;
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'inkstream-jobs-')),
    DEMO_CATALOGUE: 'off',
    JWT_SECRET: 'x'.repeat(32),
    MEDIA_SIGNING_SECRET: 'y'.repeat(32),
    ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
  });
  database = openDatabase({ ...config, poolSize: 4 });
  await migrateToLatest(database.db);
});
afterAll(async () => {
  await database.close();
  await drop();
});

const jobRow = (uuid: string) => database.db.selectFrom('jobs').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();

describe('job runner', () => {
  it('runs a due job once, stores its progress and result, and leaves a future one queued', async () => {
    let clock = 10_000;
    const seen: unknown[] = [];
    const handler: JobHandler = async (job) => {
      seen.push(job.payload);
      job.reportProgress({ done: 1 });
      return { ok: true };
    };
    const runner = createJobRunner({
      db: database.db,
      queue: createJobQueue({ domainEvents: createDomainEvents(database.db), now: () => clock }),
      handlers: { echo: handler },
      log: silent,
      now: () => clock,
    });
    const due = await runner.enqueue(database.db, { kind: 'echo', payload: { n: 1 } });
    const later = await runner.enqueue(database.db, { kind: 'echo', payload: { n: 2 }, runAt: clock + 5000 });
    await runner.drain();
    expect(seen).toEqual([{ n: 1 }]);
    expect(await jobRow(due)).toMatchObject({ state: 'succeeded', result: '{"ok":true}', progress: '{"done":1}', attempts: 1 });
    expect((await jobRow(later)).state).toBe('queued');
    clock += 5000;
    await runner.drain();
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('drains a job queued by a job, whatever order the kinds were registered in', async () => {
    const sent: unknown[] = [];
    const queue = createJobQueue({ domainEvents: createDomainEvents(database.db) });
    const runner = createJobRunner({
      db: database.db,
      queue,
      // The mail kind first: the erasure that queues a farewell runs after it in each pass.
      handlers: {
        mail: async (job) => void sent.push(job.payload),
        erase: async () => void (await queue.enqueue(database.db, { kind: 'mail', payload: 'farewell' })),
      },
      log: silent,
    });
    await runner.enqueue(database.db, { kind: 'erase', payload: null });
    await runner.drain();
    expect(sent).toEqual(['farewell']);
  });

  it('records a failure with its message', async () => {
    const runner = createJobRunner({
      db: database.db,
      queue: createJobQueue({ domainEvents: createDomainEvents(database.db) }),
      handlers: { boom: async () => Promise.reject(new Error('source refused: not a zip')) },
      log: silent,
    });
    const uuid = await runner.enqueue(database.db, { kind: 'boom', payload: null });
    await runner.drain();
    expect(await jobRow(uuid)).toMatchObject({ state: 'failed', error: 'source refused: not a zip' });
  });

  it('gives a job to one of two nodes racing for it, and takes over a job whose node died', async () => {
    let runs = 0;
    const slow: JobHandler = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    };
    const a = createJobRunner({
      db: database.db,
      queue: createJobQueue({ domainEvents: createDomainEvents(database.db) }),
      handlers: { race: slow },
      log: silent,
    });
    const b = createJobRunner({
      db: database.db,
      queue: createJobQueue({ domainEvents: createDomainEvents(database.db) }),
      handlers: { race: slow },
      log: silent,
    });
    const uuid = await a.enqueue(database.db, { kind: 'race', payload: null });
    await Promise.all([a.drain(), b.drain()]);
    expect(runs).toBe(1);
    expect((await jobRow(uuid)).state).toBe('succeeded');

    // A node claimed this job and died: its lease lapses, another node runs it.
    const orphan = await a.enqueue(database.db, { kind: 'race', payload: null });
    await database.db
      .updateTable('jobs')
      .set({ state: 'running', lease_owner: 'dead-node', lease_until: Date.now() - 1, attempts: 1 })
      .where('uuid', '=', orphan)
      .execute();
    await b.drain();
    expect(await jobRow(orphan)).toMatchObject({ state: 'succeeded', attempts: 2 });
  });

  it('hands a running job back to the queue when its node stops (SIGTERM), and another node runs it', async () => {
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    // Runs until told to stop, as a long import does between pages.
    const longJob: JobHandler = (job) =>
      new Promise((_, reject) => {
        started();
        job.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
      });
    const stopping = createJobRunner({
      db: database.db,
      queue: createJobQueue({ domainEvents: createDomainEvents(database.db) }),
      handlers: { long: longJob },
      log: silent,
    });
    const uuid = await stopping.enqueue(database.db, { kind: 'long', payload: null });
    stopping.start();
    await running;
    expect((await jobRow(uuid)).state).toBe('running');
    await stopping.stop();
    expect(await jobRow(uuid)).toMatchObject({ state: 'queued', lease_owner: null });

    const other = createJobRunner({
      db: database.db,
      queue: createJobQueue({ domainEvents: createDomainEvents(database.db) }),
      handlers: { long: async () => 'done' },
      log: silent,
    });
    await other.drain();
    expect(await jobRow(uuid)).toMatchObject({ state: 'succeeded', result: '"done"' });
  });

  it('fails a job that keeps killing its node instead of running it forever', async () => {
    const runner = createJobRunner({
      db: database.db,
      queue: createJobQueue({ domainEvents: createDomainEvents(database.db) }),
      handlers: { crash: async () => undefined },
      log: silent,
      maxAttempts: 3,
    });
    const uuid = await runner.enqueue(database.db, { kind: 'crash', payload: null });
    await database.db
      .updateTable('jobs')
      .set({ state: 'running', lease_owner: 'dead-node', lease_until: Date.now() - 1, attempts: 3 })
      .where('uuid', '=', uuid)
      .execute();
    await runner.drain();
    expect((await jobRow(uuid)).state).toBe('failed');
  });
});
