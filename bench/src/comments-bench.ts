import os from 'node:os';
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { ensureMemberAccounts, logIn, type BenchAccount } from './accounts.js';
import { createBulkInserter } from './bulk-insert.js';
import { generateCatalogue } from './generate-catalogue.js';
import type { LoadOptions } from './load-test.js';
import { createRandom } from './random.js';
import { describeMachine } from './report.js';
import { measureRoutes, runSectionAlone, withSectionServers, writeSection, type MeasuredRoute, type SectionOptions } from './section.js';

/**
 * Chapter comments (issue 31): the comments page of a chapter with 50,000 top-level comments (and
 * replies under some), newest and top: the first page, a deep one (2,000), and the middle one, the
 * worst case (a page is walked from the nearer end of its index range, so the middle page walks
 * the farthest: half the thread); and, to compare, the first page of a chapter with 5 comments. At
 * 10 connections, asked by a logged-in reader (a private answer: every request runs its
 * statements; a visitor's copy would come from the public cache). Target: p99 under 25 ms. Its own
 * small catalogue in a temporary folder (the comments do not depend on the catalogue's size);
 * `npm run bench` runs it, and `node bench/dist/comments-bench.js` alone.
 */
export const COMMENTS_SECTION_TITLE = '## Chapter comments';
const COMMENTS = 50_000;
const REPLIES = 5_000;
const PAGE_SIZE = 20;
const DEEP_PAGE = 2_000; // comments 39,981 to 40,000
/** The comments of the small chapter measured beside the big one. */
const SMALL = 5;
const TARGET_P99_MS = 25;
const READER: BenchAccount = { username: 'benchcommenter', password: 'bench-commenter-password' };
const AUTHOR: BenchAccount = { username: 'benchauthor', password: 'bench-author-password' };

/**
 * Writes the comments straight into the server's SQLite file, with the counters the server keeps:
 * 50,000 comments under one free chapter, 5 under another.
 */
export function seedComments(sqlitePath: string): { chapterUuid: string; smallChapterUuid: string } {
  const db = new SQLite(sqlitePath);
  try {
    const [chapter, small] = db
      .prepare(
        `SELECT chapters.id, chapters.uuid, chapters.book_id FROM chapters JOIN books ON books.id = chapters.book_id
         WHERE chapters.is_published = 1 AND books.is_published = 1 AND chapters.number <= books.public_free_chapters
         ORDER BY chapters.id LIMIT 2`,
      )
      .all() as { id: number; uuid: string; book_id: number }[];
    if (!chapter || !small) throw new Error('the bench catalogue has fewer than two free chapters');
    const users = db.prepare('SELECT id, username FROM users WHERE username IN (?, ?)').all(READER.username, AUTHOR.username) as {
      id: number;
      username: string;
    }[];
    const authorId = users.find((u) => u.username === AUTHOR.username)!.id;
    const readerId = users.find((u) => u.username === READER.username)!.id;
    const random = createRandom(20261126);
    const columns = [
      'uuid',
      'book_id',
      'chapter_id',
      'user_id',
      'parent_id',
      'body',
      'state',
      'body_hash',
      'likes',
      'replies_count',
      'created_at',
    ] as const;
    const start = Date.UTC(2026, 0, 1);
    db.transaction(() => {
      const insert = createBulkInserter(db, 'comments', columns);
      for (let i = 0; i < COMMENTS; i += 1) {
        // One in a hundred by the reader who asks; one in 500 held by the word filter (listed to its author only).
        const state = i % 500 === 7 ? 'held' : 'visible';
        insert.add(
          randomUUID(),
          chapter.book_id,
          chapter.id,
          i % 100 === 0 ? readerId : authorId,
          null,
          `Comment ${i}: what a chapter, the art on page ${i % 40} is something else.`,
          state,
          `seed-${i}`,
          Math.floor(random.next() ** 4 * 500),
          0,
          start + i * 60_000,
        );
      }
      insert.flush();
      const firstId = (db.prepare('SELECT MIN(id) AS id FROM comments WHERE chapter_id = ?').get(chapter.id) as { id: number }).id;
      const replies = createBulkInserter(db, 'comments', columns);
      for (let i = 0; i < REPLIES; i += 1) {
        const parent = firstId + Math.floor(random.next() * 500) * 100 + 1;
        replies.add(
          randomUUID(),
          chapter.book_id,
          chapter.id,
          authorId,
          parent,
          `Reply ${i}`,
          'visible',
          `reply-${i}`,
          0,
          0,
          start + i * 1000,
        );
      }
      replies.flush();
      const few = createBulkInserter(db, 'comments', columns);
      for (let i = 0; i < SMALL; i += 1) {
        few.add(randomUUID(), small.book_id, small.id, authorId, null, `Small ${i}`, 'visible', `small-${i}`, i, 0, start + i * 60_000);
      }
      few.flush();
      db.exec(
        `UPDATE comments SET replies_count = (SELECT COUNT(*) FROM comments r WHERE r.parent_id = comments.id AND r.state = 'visible')
         WHERE chapter_id = ${chapter.id} AND parent_id IS NULL`,
      );
      // comments_count: what a reader can reach (visible replies only under a visible or deleted comment).
      const counters = db.prepare(
        `UPDATE chapters SET
           comments_count = (SELECT COUNT(*) FROM comments LEFT JOIN comments AS parent ON parent.id = comments.parent_id
             WHERE comments.chapter_id = chapters.id AND comments.state = 'visible'
               AND (comments.parent_id IS NULL OR parent.state IN ('visible', 'deleted'))),
           top_comments_count = (SELECT COUNT(*) FROM comments WHERE chapter_id = chapters.id AND state = 'visible' AND parent_id IS NULL)
         WHERE id = ?`,
      );
      counters.run(chapter.id);
      counters.run(small.id);
    })();
    db.exec('ANALYZE');
    return { chapterUuid: chapter.uuid, smallChapterUuid: small.uuid };
  } finally {
    db.close();
  }
}

export function renderCommentsSection(
  rows: readonly MeasuredRoute[],
  options: { date: Date; load: LoadOptions; loadAverage: number; pages: number },
): string {
  const lines = [
    COMMENTS_SECTION_TITLE,
    '',
    `Measured ${options.date.toISOString().slice(0, 10)} on ${describeMachine()}, SQLite, one server process, ` +
      `${options.load.connections} connections, ${options.load.seconds} s per row after ${options.load.warmupSeconds} s of warm-up ` +
      `(\`npm run bench\`, or \`node bench/dist/comments-bench.js\` alone). One chapter with ${COMMENTS.toLocaleString('en-US')} ` +
      `top-level comments and ${REPLIES.toLocaleString('en-US')} replies (${options.pages.toLocaleString('en-US')} pages of ${PAGE_SIZE} ` +
      `for the reader), and one with ${SMALL} to compare; asked by a logged-in reader ` +
      `(private answers: every request runs its statements; visitors are served from the public cache for 2 s). ` +
      `Target: p99 under ${TARGET_P99_MS} ms. Load average when it started: ${options.loadAverage.toFixed(1)} ` +
      `(${os.availableParallelism()} cores; other work on the machine shows in p99 first).`,
    '',
    '| Page | req/s | p50 | p99 | target |',
    '| --- | ---: | ---: | ---: | --- |',
    ...rows.map(
      ({ name, result }) =>
        `| ${name} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50Ms} ms | ${result.p99Ms} ms | ${
          result.failures > 0 ? `${result.failures} failures` : result.p99Ms < TARGET_P99_MS ? 'met' : 'missed'
        } |`,
    ),
    '',
    'A page is one walk of one index range (docs/COMMUNITY.md, "Comments"): a deep page skips index entries, not rows, ' +
      'and is walked from the nearer end of the range, so the middle page, half the thread away from either end, is the ' +
      "slowest there is; `total` is read from the chapter's counters plus a count of the few rows they do not count.",
  ];
  return `${lines.join('\n')}\n`;
}

export async function runCommentsSection(options: SectionOptions): Promise<{ rows: MeasuredRoute[] }> {
  return await withSectionServers(options.repoRoot, 'comments', async ({ start, dataDir, sqlitePath, adminCli }) => {
    console.log(`Comments: seeding a chapter with ${COMMENTS.toLocaleString('en-US')} comments ...`);
    const schema = await start();
    await schema.stop();
    generateCatalogue(sqlitePath, { books: 20, seed: 20261126 });
    await ensureMemberAccounts({ adminCli, dataDir, sqlitePath, accounts: [READER, AUTHOR] });
    const { chapterUuid, smallChapterUuid } = seedComments(sqlitePath);
    const server = await start();
    const token = await logIn(server.baseUrl, READER);
    const headers = { authorization: `Token ${token}` };
    const page = (sort: string, number: number, chapter = chapterUuid) =>
      `/api/v1/comics/chapter/${chapter}/comments?sort=${sort}&page=${number}&page_size=${PAGE_SIZE}`;
    const probe = async (path: string, length: number) => {
      const answer = await fetch(server.baseUrl + path, { headers });
      const body = (await answer.json()) as { data?: { result: unknown[]; total: number } };
      if (answer.status !== 200 || body.data?.result.length !== length) throw new Error(`comments page ${path} answered ${answer.status}`);
      return body.data.total;
    };
    // The reader's pages (the held comments of others are not listed): the middle one is the
    // farthest from both ends of the index range.
    const pages = Math.ceil((await probe(page('newest', DEEP_PAGE), PAGE_SIZE)) / PAGE_SIZE);
    const middle = Math.ceil(pages / 2);
    await probe(page('top', middle), PAGE_SIZE);
    await probe(page('newest', 1, smallChapterUuid), SMALL);
    const loadAverage = os.loadavg()[0]!;
    const deep = DEEP_PAGE.toLocaleString('en-US');
    const mid = `${middle.toLocaleString('en-US')} (middle)`;
    const rows = await measureRoutes(
      server,
      [
        { name: 'newest, first page', path: page('newest', 1), headers },
        { name: `newest, page ${deep}`, path: page('newest', DEEP_PAGE), headers },
        { name: `newest, page ${mid}`, path: page('newest', middle), headers },
        { name: 'top, first page', path: page('top', 1), headers },
        { name: `top, page ${deep}`, path: page('top', DEEP_PAGE), headers },
        { name: `top, page ${mid}`, path: page('top', middle), headers },
        { name: `${SMALL} comments, newest`, path: page('newest', 1, smallChapterUuid), headers },
        { name: `${SMALL} comments, top`, path: page('top', 1, smallChapterUuid), headers },
      ],
      options.load,
    );
    const section = renderCommentsSection(rows, { date: new Date(), load: options.load, loadAverage, pages });
    console.log(`\n${section}`);
    writeSection(options, COMMENTS_SECTION_TITLE, section);
    return { rows };
  });
}

// `node bench/dist/comments-bench.js [--seconds S] [--warmup S] [--connections C] [--no-docs]`: this section alone.
runSectionAlone(import.meta, 'comments', { connections: 10, warmupSeconds: 1, seconds: 6 }, runCommentsSection);
