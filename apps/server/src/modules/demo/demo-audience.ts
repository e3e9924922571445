import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { seededRandom } from '../../lib/seeded-random.js';
import { DAY_MS } from '../../lib/time.js';
import { hashPassword } from '../users/password.js';
import { insertUserIfNameFree } from '../users/users.repository.js';
import { usernameSkeleton } from '../users/username-skeleton.js';
import { usernameKey } from '../users/users.service.js';
import { demoUuid } from './demo-uuid.js';
import { addBookRatings, findPublishedBooksWithTags, insertRows, userIdByKey } from './demo.repository.js';

/**
 * The demo's readers (issue 56, item 26): without them a fresh demo shows empty discovery (no
 * ratings, no "readers also read", "Popular" made of one visit). A few dozen accounts, each with a
 * taste for one or two genres, start reading a handful of books over the last 30 days (more of them
 * lately, so today, this week and this month all have readers, and the busier books rise) and rate
 * most of what they read around each book's own quality. Readers who share a taste share books,
 * which is what "readers also read" counts. Everything comes from a seeded generator, so every
 * install gets the same audience; it is written once, when the demo is created, in one
 * transaction (a start stopped half way writes it again whole). Nobody can sign in as these
 * readers: their password is random and never kept. docs/DISCOVERY.md "The demo's readers".
 */
export const DEMO_AUDIENCE_READERS = 40;
const SEED = 56_026;
/** Plausible names; the second round of readers gets a number after the same stems. */
const NAME_STEMS = [
  'inkfox',
  'moonlit',
  'pandareads',
  'kitefly',
  'skyward',
  'pixelnova',
  'emberleaf',
  'quillsmith',
  'vegastar',
  'yukihana',
  'mangolover',
  'nightowl',
  'tealeaf',
  'papercrane',
  'starfall',
  'lotusbloom',
  'bluejay',
  'hazelwood',
  'sunpetal',
  'rainmaker',
];
const READ_WINDOW_DAYS = 30;

export interface DemoAudienceResult {
  readers: number;
  starts: number;
  ratings: number;
  ms: number;
}

const audienceName = (index: number) => `${NAME_STEMS[index % NAME_STEMS.length]!}${index < NAME_STEMS.length ? '' : index}`;

/** Writes the demo's readers, their reading and their ratings; nothing when they exist already. */
export async function seedDemoAudience(db: Db, now: number): Promise<DemoAudienceResult> {
  const started = performance.now();
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const written = await db.transaction().execute(async (trx) => {
    if ((await userIdByKey(trx, usernameKey(audienceName(0)))) !== null) return null;
    const books = await findPublishedBooksWithTags(trx);
    if (books.length < 2) return null;
    const random = seededRandom(SEED);
    // Each book's appeal (busier books draw more readers) and quality (where its ratings centre).
    const appeal = books.map((book) => Math.sqrt(Math.max(book.popularity, 0) + 10_000));
    const quality = books.map(() => 5.5 + random.next() * 4);
    const genres = [...new Set(books.flatMap((book) => book.tags))];

    const starts: Insertable<Database['reading_events']>[] = [];
    const ratings: Insertable<Database['book_ratings']>[] = [];
    const ratingTotals = new Map<number, { count: number; sum: number }>();
    for (let index = 0; index < DEMO_AUDIENCE_READERS; index += 1) {
      const name = audienceName(index);
      const userId = await insertUserIfNameFree(trx, {
        uuid: demoUuid(`reader/${index}`),
        username: name,
        username_key: usernameKey(name),
        username_skeleton: usernameSkeleton(name),
        password_hash: passwordHash,
        role: 'user',
        invite_code: `DEMORD${String(index).padStart(2, '0')}`,
        invited_by: null,
        user_type: 'inkstream',
        created_at: now - (60 + random.below(240)) * DAY_MS,
      });
      if (userId === null) continue;
      const taste = new Set(genres.length > 0 ? [random.pick(genres), random.pick(genres)] : []);
      const weights = books.map((book, at) => appeal[at]! * (book.tags.some((tag) => taste.has(tag)) ? 4 : 1));
      for (const at of pickWeighted(random, weights, random.int(3, 7))) {
        const book = books[at]!;
        // Squaring skews towards now: about a fifth of the starts fall in the last day.
        const when = now - Math.floor(random.next() ** 2 * READ_WINDOW_DAYS * DAY_MS);
        starts.push({
          event_type: 'start_reading',
          book_id: book.id,
          chapter_id: book.firstChapterId,
          user_id: userId,
          visitor_id: null,
          occurred_at: when,
          received_at: when,
          client_at: null,
        });
        if (!random.chance(0.7)) continue;
        const spread = (random.next() + random.next() - 1) * 3;
        const score = Math.min(10, Math.max(1, Math.round(quality[at]! + spread)));
        const ratedAt = Math.min(now, when + random.below(3 * DAY_MS));
        ratings.push({ book_id: book.id, user_id: userId, score, review: null, created_at: ratedAt, updated_at: ratedAt });
        const total = ratingTotals.get(book.id) ?? { count: 0, sum: 0 };
        ratingTotals.set(book.id, { count: total.count + 1, sum: total.sum + score });
      }
    }
    if (starts.length > 0) await insertRows(trx, 'reading_events', starts);
    if (ratings.length > 0) await insertRows(trx, 'book_ratings', ratings);
    for (const [bookId, total] of ratingTotals) await addBookRatings(trx, bookId, total.count, total.sum);
    return { readers: DEMO_AUDIENCE_READERS, starts: starts.length, ratings: ratings.length };
  });
  return { ...(written ?? { readers: 0, starts: 0, ratings: 0 }), ms: Math.round(performance.now() - started) };
}

/** `count` distinct indexes, each drawn with probability proportional to its weight among those left. */
function pickWeighted(random: ReturnType<typeof seededRandom>, weights: readonly number[], count: number): number[] {
  const left = weights.map((weight, index) => ({ weight, index }));
  const chosen: number[] = [];
  while (chosen.length < count && left.length > 0) {
    let target = random.next() * left.reduce((sum, item) => sum + item.weight, 0);
    let at = 0;
    while (at < left.length - 1 && target >= left[at]!.weight) target -= left[at++]!.weight;
    chosen.push(left[at]!.index);
    left.splice(at, 1);
  }
  return chosen;
}
