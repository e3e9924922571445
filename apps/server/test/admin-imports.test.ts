import { existsSync, mkdirSync, readdirSync, utimesSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createBook, createUser, type TestUser } from './helpers/factories.js';
import { buildEpub, buildZip, drawPage, pages, patchBytes } from './helpers/import-fixtures.js';
import { multipart, type UploadFile } from './helpers/multipart.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';
import { loadConfig } from '../src/config.js';
import { sweepStaleUploads } from '../src/modules/content/uploads/upload-staging.js';

let ctx: TestContext;
let admin: TestUser;
let reader: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_UPLOAD_MAX_FILE_MB: '1', ADMIN_UPLOAD_MAX_JOB_MB: '2' });
  admin = await createUser(ctx, { role: 'admin' });
  reader = await createUser(ctx);
});
afterAll(() => ctx.close());

const upload = (user: TestUser, fields: Record<string, string>, files: UploadFile[]) => {
  const body = multipart(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/admin/imports',
    headers: { ...authHeader(user), ...body.headers },
    payload: body.payload,
  });
};

const getJob = async (uuid: string) => {
  const response = await ctx.app.inject({ url: `/api/v1/admin/imports/${uuid}`, headers: authHeader(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const uploadsDir = () => path.join(ctx.dataDir, 'uploads');
const staged = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

/** Uploads, checks the 202, runs the job and gives its final state. */
async function uploadAndRun(fields: Record<string, string>, files: UploadFile[]) {
  const response = await upload(admin, fields, files);
  expect(response.statusCode, response.body).toBe(202);
  const jobUuid = response.json().data.result.job_uuid as string;
  expect(staged()).toEqual([jobUuid]);
  expect((await getJob(jobUuid)).state).toBe('queued');
  await ctx.app.jobs.drain();
  // The staged files are gone once the job ended, whatever its outcome.
  expect(staged()).toEqual([]);
  return getJob(jobUuid);
}

const chapterList = async (bookUuid: string) =>
  (await ctx.app.inject(`/api/v1/comics/chapters/${bookUuid}/en-us/asc/0/50`)).json().data.result.chapters as {
    chapter_number: number;
    title: string;
    chapter_uuid: string;
  }[];

describe('POST /admin/imports', () => {
  it('imports a CBZ into an existing book as a job: progress, summary, audit entry, the public chapter list', async () => {
    const book = await createBook(ctx, { chapters: 2 });
    const cbz = await buildZip(await pages('p', 3));
    const job = await uploadAndRun({ book_uuid: book.uuid, chapter_title: 'The Storm' }, [{ name: 'storm.cbz', data: cbz }]);
    expect(job).toMatchObject({ state: 'succeeded', error: null, book_uuid: book.uuid, files: ['storm.cbz'] });
    expect(job.progress).toMatchObject({ phase: 'done', percent: 100, chapters_done: 1, chapters_total: 1, pages_done: 3, pages_total: 3 });
    expect(job.result).toMatchObject({ added: 1, skipped: 0, failed: 0, book_uuid: book.uuid });
    expect(job.result.chapters).toEqual([expect.objectContaining({ number: 3, title: 'The Storm', status: 'added', pages: 3 })]);
    expect(job.result.lines[2]).toBe('Chapters: 1 added, 0 skipped (already imported), 0 failed');
    const chapters = await chapterList(book.uuid);
    expect(chapters.map((chapter) => chapter.chapter_number)).toEqual([1, 2, 3]);
    expect(chapters[2]).toMatchObject({ title: 'The Storm', chapter_uuid: job.result.chapters[0].uuid });
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'chapter.import').execute();
    expect(audit.at(-1)).toMatchObject({ actor_user_id: admin.id, actor_name: admin.username, target_type: 'book', target_id: book.uuid });

    // The same archive again: skipped, as the CLI reports it.
    const again = await uploadAndRun({ book_uuid: book.uuid }, [{ name: 'storm.cbz', data: cbz }]);
    expect(again.result).toMatchObject({ added: 0, skipped: 1, failed: 0 });
    // No reason repeats "already imported", and no number was asked for.
    expect(again.result.chapters[0]).toMatchObject({ number: 3, status: 'skipped', reason: null });
    expect(again.result.chapters[0]).not.toHaveProperty('requested_number');

    // Issue 40: again with "Number of the first chapter" = 2: the typed number is reported, not dropped.
    const numbered = await uploadAndRun({ book_uuid: book.uuid, first_number: '2' }, [{ name: 'storm.cbz', data: cbz }]);
    expect(numbered.result.chapters[0]).toMatchObject({ number: 3, requested_number: 2, status: 'skipped', reason: null });
    expect(numbered.result.lines.join('\n')).toContain('the number 2 asked for was not used');
    expect((await chapterList(book.uuid)).map((chapter) => chapter.chapter_number)).toEqual([1, 2, 3]);
  });

  it('makes one chapter of several images, in the order of their names', async () => {
    const book = await createBook(ctx, { chapters: 1 });
    // Sent out of order; each page's width tells which it is (page N is 100 + N pixels wide).
    const names = ['page10.png', 'page2.png', 'page1.png'];
    const files = await Promise.all(
      names.map(async (name) => ({
        name,
        data: await drawPage(name, { format: 'png', width: 100 + Number(/\d+/.exec(name)![0]) }),
        type: 'image/png',
      })),
    );
    const job = await uploadAndRun({ book_uuid: book.uuid, first_number: '7' }, files);
    expect(job.state).toBe('succeeded');
    expect(job.files).toEqual(['page1.png', 'page2.png', 'page10.png']);
    expect(job.result.chapters).toEqual([expect.objectContaining({ number: 7, status: 'added', pages: 3 })]);
    const pagesStored = await ctx.db
      .selectFrom('chapter_pages')
      .innerJoin('chapters', 'chapters.id', 'chapter_pages.chapter_id')
      .select(['chapter_pages.width'])
      .where('chapters.uuid', '=', job.result.chapters[0].uuid)
      .orderBy('chapter_pages.position')
      .execute();
    expect(pagesStored.map((page) => page.width)).toEqual([101, 102, 110]);
  });

  it('imports an EPUB into a novel', async () => {
    const book = await createBook(ctx, { chapters: 0, bookType: 'novel' });
    const epub = await buildEpub({
      title: 'Tides',
      language: 'en',
      chapters: [
        { file: 'one.xhtml', title: 'One', body: '<p>The sea rose.</p>' },
        { file: 'two.xhtml', title: 'Two', body: '<p>The sea fell.</p>' },
      ],
    });
    const job = await uploadAndRun({ book_uuid: book.uuid, language: 'en-us' }, [{ name: 'tides.epub', data: epub }]);
    expect(job.state, job.error).toBe('succeeded');
    expect(job.result).toMatchObject({ added: 2, failed: 0 });
    expect(job.progress).toMatchObject({ phase: 'done', percent: 100, chapters_done: 2, chapters_total: 2 });
  });

  it('reports an undecodable page like the CLI, and fails a whole archive with an unsafe entry name', async () => {
    const book = await createBook(ctx, { chapters: 0 });
    const bad = await buildZip([...(await pages('p', 1)), { name: 'p2.jpg', data: Buffer.from('not an image at all') }]);
    const job = await uploadAndRun({ book_uuid: book.uuid }, [{ name: 'bad.cbz', data: bad }]);
    expect(job.state).toBe('succeeded');
    expect(job.result).toMatchObject({ added: 0, failed: 1 });
    expect(job.result.chapters[0].reason).toMatch(/page "p2\.jpg" (is not a readable image|could not be decoded)/);

    const page = await drawPage('x');
    const traversal = patchBytes(
      await buildZip([
        { name: '1.jpg', data: page },
        { name: 'aa/evil.jpg', data: page },
      ]),
      'aa/evil.jpg',
      '../evil.jpg',
    );
    const refused = await uploadAndRun({ book_uuid: book.uuid }, [{ name: 'evil.cbz', data: traversal }]);
    expect(refused).toMatchObject({ state: 'failed', result: null });
    expect(refused.error).toMatch(/holds an unsafe entry name/);
  });

  it('refuses a file or an upload past the limits with 413, keeping nothing', async () => {
    const book = await createBook(ctx, { chapters: 0 });
    const big = await upload(admin, { book_uuid: book.uuid }, [{ name: 'big.cbz', data: Buffer.alloc(1024 * 1024 + 10, 1) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'UPLOAD_TOO_LARGE' });
    expect(staged()).toEqual([]);
    const slice = Buffer.alloc(900 * 1024, 2);
    const many = await upload(
      admin,
      { book_uuid: book.uuid },
      [1, 2, 3].map((n) => ({ name: `${n}.jpg`, data: slice })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().error).toMatch(/larger than 2 MB in all/);
    expect(staged()).toEqual([]);
  });

  it('refuses bad fields, unknown books, other files and names that climb out, keeping nothing', async () => {
    const book = await createBook(ctx, { chapters: 0 });
    const page = { name: '1.jpg', data: await drawPage('1') };
    const cases: [Record<string, string>, UploadFile[], number, string][] = [
      [{}, [page], 400, 'VALIDATION_FAILED'],
      [{ book_uuid: book.uuid, first_number: '0' }, [page], 400, 'VALIDATION_FAILED'],
      [{ book_uuid: book.uuid, language: 'xx' }, [page], 400, 'VALIDATION_FAILED'],
      [{ book_uuid: book.uuid, extra: '1' }, [page], 400, 'VALIDATION_FAILED'],
      [{ book_uuid: '00000000-0000-4000-8000-000000000000' }, [page], 404, 'BOOK_NOT_FOUND'],
      [{ book_uuid: book.uuid }, [], 400, 'UPLOAD_REFUSED'],
      [{ book_uuid: book.uuid }, [{ name: 'notes.txt', data: Buffer.from('x') }], 400, 'UPLOAD_REFUSED'],
      [{ book_uuid: book.uuid }, [page, { name: 'a.cbz', data: Buffer.from('x') }], 400, 'UPLOAD_REFUSED'],
    ];
    for (const [fields, files, status, code] of cases) {
      const response = await upload(admin, fields, files);
      expect(response.statusCode, JSON.stringify(fields)).toBe(status);
      expect(response.json().code).toBe(code);
      expect(staged()).toEqual([]);
    }
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/imports',
      headers: authHeader(admin),
      payload: { book_uuid: book.uuid },
    });
    expect(json.statusCode).toBe(415);

    // A name with folders in it is stored as a plain name inside the staging folder.
    const climbing = await uploadAndRun({ book_uuid: book.uuid }, [{ name: '../../../etc/1.jpg', data: page.data }]);
    expect(climbing.state).toBe('succeeded');
    expect(climbing.files).toEqual(['1.jpg']);
    expect(existsSync(path.join(ctx.dataDir, 'etc'))).toBe(false);
  });

  it('keeps uploaded chapters as drafts, schedules them, or publishes them at once, as the upload asks', async () => {
    const book = await createBook(ctx, { chapters: 1 });
    const adminChapters = async () =>
      (await ctx.app.inject({ url: `/api/v1/admin/books/${book.uuid}/chapters`, headers: authHeader(admin) })).json().data.items as {
        number: number;
        is_published: boolean;
        publish_at: string | null;
      }[];
    const publicNumbers = async () => (await chapterList(book.uuid)).map((chapter) => chapter.chapter_number);

    const draft = await uploadAndRun({ book_uuid: book.uuid, release: 'draft' }, [
      { name: 'd.cbz', data: await buildZip(await pages('d', 1)) },
    ]);
    expect(draft).toMatchObject({ state: 'succeeded', release: { mode: 'draft', publish_at: null } });
    expect(await publicNumbers()).toEqual([1]);
    expect((await adminChapters())[1]).toMatchObject({ number: 2, is_published: false, publish_at: null });

    const at = new Date(Date.now() + 1500).toISOString();
    const scheduled = await uploadAndRun({ book_uuid: book.uuid, release: 'at', publish_at: at }, [
      { name: 's.cbz', data: await buildZip(await pages('s', 1)) },
    ]);
    expect(scheduled.release).toEqual({ mode: 'at', publish_at: at });
    expect((await adminChapters())[2]).toMatchObject({ number: 3, is_published: false, publish_at: at });
    expect(await publicNumbers()).toEqual([1]);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(at) - Date.now() + 100));
    await ctx.app.jobs.drain();
    expect(await publicNumbers()).toEqual([1, 3]);

    const now = await uploadAndRun({ book_uuid: book.uuid, release: 'now' }, [
      { name: 'n.cbz', data: await buildZip(await pages('n', 1)) },
    ]);
    expect(now.release).toEqual({ mode: 'now', publish_at: null });
    expect(await publicNumbers()).toEqual([1, 3, 4]);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('after_json')
      .where('action', '=', 'chapter.import')
      .where('target_id', '=', book.uuid)
      .execute();
    expect(audit.map((row) => JSON.parse(row.after_json!).release)).toEqual(['draft', 'at', 'now']);
  });

  it('refuses a release time that has passed with RELEASE_TIME_PAST, and a release that is not one of the three', async () => {
    const book = await createBook(ctx, { chapters: 0 });
    const page = { name: '1.jpg', data: await drawPage('1') };
    const past = await upload(admin, { book_uuid: book.uuid, release: 'at', publish_at: new Date(Date.now() - 60_000).toISOString() }, [
      page,
    ]);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'RELEASE_TIME_PAST', details: [{ field: 'publish_at' }] });
    const cases: Record<string, string>[] = [
      { book_uuid: book.uuid, release: 'later' },
      { book_uuid: book.uuid, release: 'at' },
      { book_uuid: book.uuid, release: 'at', publish_at: '2099-01-01T10:00' },
      { book_uuid: book.uuid, release: 'at', publish_at: 'tomorrow' },
      { book_uuid: book.uuid, release: 'draft', publish_at: '2099-01-01T10:00:00Z' },
    ];
    for (const fields of cases) {
      const response = await upload(admin, fields, [page]);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect(staged()).toEqual([]);
  });

  it('refuses a reader before reading the body: 403, nothing stored', async () => {
    const book = await createBook(ctx, { chapters: 0 });
    const response = await upload(reader, { book_uuid: book.uuid }, [{ name: 'huge.cbz', data: Buffer.alloc(8 * 1024 * 1024, 7) }]);
    expect(response.statusCode).toBe(403);
    expect(staged()).toEqual([]);
    const anonymous = await ctx.app.inject({ url: '/api/v1/admin/imports' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /admin/imports', () => {
  it('lists a book’s recent uploads, newest first, and 404s an unknown job', async () => {
    const book = await createBook(ctx, { chapters: 0 });
    const first = await uploadAndRun({ book_uuid: book.uuid }, [{ name: 'a.jpg', data: await drawPage('a') }]);
    const second = await uploadAndRun({ book_uuid: book.uuid }, [{ name: 'b.jpg', data: await drawPage('b') }]);
    const response = await ctx.app.inject({ url: `/api/v1/admin/imports?book_uuid=${book.uuid}&page_size=10`, headers: authHeader(admin) });
    expect(response.statusCode).toBe(200);
    const list = response.json().data;
    expect(list.total).toBe(2);
    expect(list.items.map((job: { job_uuid: string }) => job.job_uuid)).toEqual([second.job_uuid, first.job_uuid]);
    const all = (await ctx.app.inject({ url: '/api/v1/admin/imports', headers: authHeader(admin) })).json().data;
    expect(all.total).toBeGreaterThan(2);

    const unknown = await ctx.app.inject({ url: '/api/v1/admin/imports/00000000-0000-4000-8000-000000000000', headers: authHeader(admin) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('JOB_NOT_FOUND');
    const forged = await ctx.app.inject({ url: '/api/v1/admin/imports/not-a-uuid', headers: authHeader(admin) });
    expect(forged.statusCode).toBe(400);
  });
});

describe('the import job on several nodes', () => {
  const payload = (node: string) => ({
    book_uuid: '00000000-0000-4000-8000-000000000000',
    source: 'images',
    files: ['1.jpg'],
    node,
    uploaded_at: Date.now(),
    actor: { id: admin.id, name: admin.username },
    options: { language: null, first_number: null, chapter_title: null },
  });
  const row = (uuid: string) => ctx.db.selectFrom('jobs').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();

  it('gives a job whose files are on another node back to the queue, uncounted', async () => {
    const uuid = await ctx.app.jobs.enqueue(ctx.db, { kind: 'import', payload: payload('another-node') });
    await ctx.app.jobs.drain();
    const job = await row(uuid);
    expect(job).toMatchObject({ state: 'queued', attempts: 0, lease_owner: null });
    expect(job.run_at).toBeGreaterThan(Date.now());
    await ctx.db.deleteFrom('jobs').where('uuid', '=', uuid).execute();
  });

  it('fails a job of this node whose files are gone, with a readable reason', async () => {
    const uuid = await ctx.app.jobs.enqueue(ctx.db, { kind: 'import', payload: payload(hostname()) });
    await ctx.app.jobs.drain();
    expect(await getJob(uuid)).toMatchObject({ state: 'failed', error: expect.stringMatching(/no longer on the server/) });
  });

  it('sweeps uploads a crash cut short, once they are a day old', async () => {
    const fresh = path.join(uploadsDir(), '.incoming-fresh');
    const old = path.join(uploadsDir(), '.incoming-old');
    mkdirSync(fresh, { recursive: true });
    mkdirSync(old, { recursive: true });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    expect(await sweepStaleUploads(uploadsDir())).toBe(1);
    expect(staged()).toEqual(['.incoming-fresh']);
    expect(await sweepStaleUploads(uploadsDir(), Date.now() + 2 * 24 * 60 * 60 * 1000)).toBe(1);
    expect(staged()).toEqual([]);
  });
});

describe('ADMIN_UPLOAD_MAX_FILE_MB / ADMIN_UPLOAD_MAX_JOB_MB', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: ctx.dataDir, ...env });

  it('default to 200 MB and 1024 MB, staged under DATA_DIR/uploads', () => {
    expect(load({}).uploads).toEqual({ dir: uploadsDir(), maxFileBytes: 200 * 1024 * 1024, maxJobBytes: 1024 * 1024 * 1024 });
  });

  it('refuse what is not a whole number of MB in range, and a job limit below the file limit', () => {
    expect(() => load({ ADMIN_UPLOAD_MAX_FILE_MB: '0' })).toThrow(/ADMIN_UPLOAD_MAX_FILE_MB must be an integer from 1/);
    expect(() => load({ ADMIN_UPLOAD_MAX_FILE_MB: '2.5' })).toThrow(/ADMIN_UPLOAD_MAX_FILE_MB/);
    expect(() => load({ ADMIN_UPLOAD_MAX_JOB_MB: 'lots' })).toThrow(/ADMIN_UPLOAD_MAX_JOB_MB/);
    expect(() => load({ ADMIN_UPLOAD_MAX_FILE_MB: '300', ADMIN_UPLOAD_MAX_JOB_MB: '100' })).toThrow(
      /must be at least ADMIN_UPLOAD_MAX_FILE_MB/,
    );
  });
});
