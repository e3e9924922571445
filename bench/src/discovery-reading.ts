import { openDatabase } from '@inkstream/server/dist/db/database.js';
import { createDiscoveryRefresh } from '@inkstream/server/dist/modules/discovery/discovery-refresh.js';
import { insertUserIfNameFree } from '@inkstream/server/dist/modules/users/users.repository.js';
import { usernameSkeleton } from '@inkstream/server/dist/modules/users/username-skeleton.js';
import { usernameKey } from '@inkstream/server/dist/modules/users/users.service.js';
import { createRandom } from './random.js';

/**
 * Reading for the discovery routes of `npm run bench` (issue 46): the generated catalogue has no
 * reading events, so its rankings and also-read lists would be empty. Before the server opens the
 * catalogue, this writes a week of `start_reading` events (2,000 benchmark accounts reading 10
 * books each, half from a "taste" of related books; 20,000 visitor starts) ending now, replacing
 * the ones an earlier run wrote, and computes the figures once, as the housekeeping loop would.
 * The server then runs with DISCOVERY_REFRESH_MINUTES=1440 (DISCOVERY_BENCH_ENV), so no refresh
 * runs while routes are measured.
 */
export const DISCOVERY_BENCH_ENV = { DISCOVERY_REFRESH_MINUTES: '1440' } as const;
const ACCOUNTS = 2000;
const BOOKS_PER_ACCOUNT = 10;
const VISITOR_STARTS = 20_000;
/** Benchmark visitor ids start with these hex digits: the next run finds and replaces their events. */
const VISITOR_PREFIX = 'bd';
const DAY = 86_400_000;

export interface DiscoveryFixtures {
  /** The book whose also-read list is the longest, and its length. */
  alsoReadBookUuid: string;
  alsoReadLength: number;
  /** A benchmark author's page (its slug) and how many published books it lists. */
  authorSlug: string;
  authorBooks: number;
}

/** Benchmark authors credit books 1..AUTHORS × AUTHOR_BOOKS, book id modulo AUTHORS. */
const AUTHORS = 20;
const AUTHOR_BOOKS = 20;
const AUTHOR_SLUG_PREFIX = 'bench-author-';

/**
 * The calendar and the author pages need what the generated catalogue has none of: every 20th book
 * publishes on two weekdays at a set time in one of three zones (the calendar converts each zone
 * once), and 20 authors credit 20 books each. Rewritten on every run, so the figures stay the same.
 */
async function prepareCalendarAndAuthors(db: ReturnType<typeof openDatabase>['db'], books: number) {
  const zones = ['UTC', 'Asia/Shanghai', 'America/New_York'];
  for (let id = 20; id <= books; id += 20) {
    const first = id % 7;
    await db
      .updateTable('books')
      .set({
        publishing_days: (1 << first) | (1 << ((first + 3) % 7)),
        publishing_time: (id * 37) % 1440,
        publishing_time_zone: zones[id % zones.length]!,
      })
      .where('id', '=', id)
      .execute();
  }
  await db.deleteFrom('book_creators').where('slug', 'like', `${AUTHOR_SLUG_PREFIX}%`).execute();
  const credits = [];
  for (let id = 1; id <= Math.min(books, AUTHORS * AUTHOR_BOOKS); id += 1) {
    const author = id % AUTHORS;
    credits.push({
      book_id: id,
      role: 'author' as const,
      slug: `${AUTHOR_SLUG_PREFIX}${author}`,
      name: `Bench Author ${author}`,
      position: 9,
    });
  }
  for (let i = 0; i < credits.length; i += 500)
    await db
      .insertInto('book_creators')
      .values(credits.slice(i, i + 500))
      .execute();
  const listed = await db
    .selectFrom('book_creators as c')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .select((eb) => eb.fn.countAll<number>().as('books'))
    .where('c.slug', '=', `${AUTHOR_SLUG_PREFIX}0`)
    .where('b.is_published', '=', 1)
    .executeTakeFirstOrThrow();
  return { authorSlug: `${AUTHOR_SLUG_PREFIX}0`, authorBooks: Number(listed.books) };
}

export async function prepareDiscoveryReading(sqlitePath: string, books: number): Promise<DiscoveryFixtures> {
  const { db, close } = openDatabase({ databaseUrl: null, sqlitePath, poolSize: 1 });
  try {
    const random = createRandom(46);
    const userIds: number[] = [];
    for (let i = 0; i < ACCOUNTS; i += 1) {
      const username = `benchreader${i}`;
      const found = await db.selectFrom('users').select('id').where('username_key', '=', usernameKey(username)).executeTakeFirst();
      const id =
        found?.id ??
        (await insertUserIfNameFree(db, {
          uuid: random.uuid(),
          username,
          username_key: usernameKey(username),
          username_skeleton: usernameSkeleton(username),
          password_hash: 'no-login',
          role: 'user',
          invite_code: `BR${i}`,
          invited_by: null,
          user_type: 'inkstream',
          created_at: Date.now(),
        }));
      if (id === null || id === undefined) throw new Error(`benchmark reader ${username} could not be made`);
      userIds.push(id);
    }
    await db
      .deleteFrom('reading_events')
      .where((eb) => eb.or([eb('user_id', 'in', userIds), eb.and([eb('visitor_id', '>=', VISITOR_PREFIX), eb('visitor_id', '<', 'be')])]))
      .execute();
    const now = Date.now();
    const rows: { book_id: number; user_id: number | null; visitor_id: string | null; at: number }[] = [];
    for (const userId of userIds) {
      const taste = random.int(1, Math.max(1, books - 50));
      for (let n = 0; n < BOOKS_PER_ACCOUNT; n += 1) {
        const book = random.next() < 0.5 ? taste + random.int(0, 49) : 1 + Math.floor(books * random.next() ** 3);
        rows.push({ book_id: Math.min(book, books), user_id: userId, visitor_id: null, at: now - random.int(0, 7 * DAY) });
      }
    }
    for (let n = 0; n < VISITOR_STARTS; n += 1) {
      const visitor = `${VISITOR_PREFIX}${random.hex(6)}`;
      rows.push({
        book_id: 1 + Math.floor(books * random.next() ** 3),
        user_id: null,
        visitor_id: visitor,
        at: now - random.int(0, 7 * DAY),
      });
    }
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto('reading_events')
        .values(
          rows.slice(i, i + 500).map((row) => ({
            event_type: 'start_reading',
            book_id: row.book_id,
            chapter_id: null,
            user_id: row.user_id,
            visitor_id: row.visitor_id,
            occurred_at: row.at,
            received_at: row.at,
          })),
        )
        .execute();
    }
    await createDiscoveryRefresh({ db }).run();
    const longest = await db
      .selectFrom('discovery_also_read as a')
      .innerJoin('books as b', 'b.id', 'a.book_id')
      .select((eb) => ['b.uuid', eb.fn.countAll<number>().as('entries')])
      .groupBy(['a.book_id', 'b.uuid'])
      .orderBy('entries', 'desc')
      .orderBy('a.book_id')
      .limit(1)
      .executeTakeFirst();
    if (!longest) throw new Error('the benchmark reading gave no book an also-read list');
    const authors = await prepareCalendarAndAuthors(db, books);
    return { alsoReadBookUuid: longest.uuid, alsoReadLength: Number(longest.entries), ...authors };
  } finally {
    await close();
  }
}
