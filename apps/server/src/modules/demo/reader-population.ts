import { createHash } from 'node:crypto';
import { PostgresAdapter, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { seededRandom } from '../../lib/seeded-random.js';
import { DAY_MS } from '../../lib/time.js';
import { rebuildMemberState } from '../membership/member-state.repository.js';
import { deleteChangesAfter, latestChangeId } from '../reading/reader-changes.repository.js';
import { createReadingRollup } from '../stats/reading-rollup.js';
import { rebuildRevenueDays } from '../payments/revenue-days.repository.js';
import { hashPassword } from '../users/password.js';
import { usernameSkeleton } from '../users/username-skeleton.js';
import { usernameKey } from '../users/users.service.js';
import * as repo from './demo.repository.js';
import type { TableName } from './demo.repository.js';

/**
 * A reader-heavy database for the query-plan test (apps/server/test/console-query-plans.test.ts)
 * and the benchmark's "readers" section (bench/src/readers-*.ts): accounts with the history a real
 * audience leaves behind, in the proportions issue 27 measured at 200,000 accounts (per account:
 * 1.5 membership grants, 0.5 orders, 10 reading events over 90 days, 2.5 progress rows, 4.9 history
 * rows, 5 likes, 1 follow). It fills an already migrated database of either dialect whose catalogue
 * (published books and chapters) exists, deterministically from the seed, with multi-row inserts.
 * Bump READER_POPULATION_VERSION whenever what it writes changes (the benchmark caches databases by it).
 */
export const READER_POPULATION_VERSION = 2;

/** Every generated account's password (the benchmark logs in as generated readers). */
export const READER_POPULATION_PASSWORD = 'reader-population-2026';

export interface ReaderPopulationOptions {
  accounts: number;
  seed?: number;
  /** The moment the population is generated at (default Date.now()). */
  now?: number;
}

export interface ReaderPopulationStats {
  accounts: number;
  grants: number;
  orders: number;
  paymentEvents: number;
  events: number;
  eventDays: number;
  progress: number;
  reads: number;
  likes: number;
  follows: number;
  couponRedemptions: number;
  auditEntries: number;
  /** The first generated account (ids run on from it), for callers that log in as one. */
  firstUserId: number;
  firstUsername: string;
  ms: number;
}

/** Name stems, so a prefix search ("moo") finds a part of the readers, not all or none. */
const NAME_STEMS = ['reader', 'moon', 'panda', 'tiger', 'kite', 'sky', 'pixel', 'nova', 'ember', 'quill', 'vega', 'yuki'];
const ORDER_STATUSES = [
  ['paid', 0.7],
  ['expired', 0.14],
  ['refunded', 0.06],
  ['pending', 0.05],
  ['failed', 0.05],
] as const;
const EVENT_TYPES = ['open_book', 'start_reading', 'finish_reading'] as const;
/** Bound parameters per statement: under SQLite's 32,766 and PostgreSQL's 65,535. */
const PARAMETERS_PER_STATEMENT = 30_000;

/** Buffers rows of one table and writes them in multi-row INSERTs within the parameter limit. */
function createInserter<T extends TableName>(db: Db, table: T, columns: number, beforeFlush?: () => Promise<void>) {
  const perStatement = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / columns));
  let buffer: Insertable<Database[T]>[] = [];
  let written = 0;
  const flush = async () => {
    if (buffer.length === 0) return;
    // Rows referencing accounts are written after the accounts they reference.
    await beforeFlush?.();
    const rows = buffer;
    buffer = [];
    await repo.insertRows(db, table, rows);
    written += rows.length;
  };
  return {
    async add(row: Insertable<Database[T]>) {
      buffer.push(row);
      if (buffer.length >= perStatement) await flush();
    },
    flush,
    count: () => written + buffer.length,
  };
}

/** A visitor's reader key as visitor-proof.ts makes it: `v:` and 22 base64url characters. */
const visitorKey = (seed: number, index: number) =>
  `v:${createHash('sha256').update(`visitor/${seed}/${index}`).digest('base64url').slice(0, 22)}`;

export async function generateReaderPopulation(db: Db, options: ReaderPopulationOptions): Promise<ReaderPopulationStats> {
  const started = performance.now();
  const seed = options.seed ?? 27;
  const now = options.now ?? Date.now();
  const random = seededRandom(seed);
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  const books = await repo.findPublishedBookIds(db);
  const chapters = await repo.findPublishedChapters(db);
  if (books.length === 0 || chapters.length === 0)
    throw new Error('generateReaderPopulation needs a published catalogue (books and chapters)');
  const chaptersOf = new Map<number, number[]>();
  for (const chapter of chapters) chaptersOf.set(chapter.book_id, [...(chaptersOf.get(chapter.book_id) ?? []), chapter.id]);
  const bookIds = books.map((b) => b.id).filter((id) => chaptersOf.has(id));

  const firstId = (await repo.latestUserId(db)) + 1;
  const maxChange = await latestChangeId(db);
  const takenSkeletons = await repo.findTakenSkeletons(db);
  const passwordHash = await hashPassword(READER_POPULATION_PASSWORD);

  const users = createInserter(db, 'users', 12);
  const grants = createInserter(db, 'membership_grants', 10, users.flush);
  const orders = createInserter(db, 'payment_orders', 15, users.flush);
  const paymentEvents = createInserter(db, 'payment_events', 6);
  const events = createInserter(db, 'reading_events', 7, users.flush);
  const eventDays = createInserter(db, 'reading_event_days', 4);
  const progress = createInserter(db, 'reading_progress', 7);
  const reads = createInserter(db, 'chapter_reads', 5);
  const likes = createInserter(db, 'chapter_likes', 3, users.flush);
  const follows = createInserter(db, 'book_follows', 3, users.flush);
  const redemptions = createInserter(db, 'coupon_redemptions', 3, users.flush);
  const audit = createInserter(db, 'audit_log', 9);
  // One coupon that the generated coupon grants were redeemed from (coupon_redemptions grows with readers).
  const couponCode = `GEN${seed}`;
  const couponId = await repo.ensureCoupon(db, {
    code: couponCode,
    grant_days: 30,
    grant_months: null,
    max_redemptions: null,
    expires_at: null,
    disabled_at: null,
    note: 'generated',
    created_at: now - 800 * DAY_MS,
  });
  const likesPerChapter = new Map<number, number>();
  const eventDayKeys = new Set<string>();
  const today = Math.floor(now / DAY_MS);
  let firstUsername = '';

  /** Progress (one row per book) and history (chapters of those books and others) of one reader key. */
  const addReaderState = async (readerKey: string, progressRows: number, readRows: number, newest: number) => {
    for (const index of random.distinct(progressRows, bookIds.length)) {
      const bookId = bookIds[index]!;
      const chapterId = random.pick(chaptersOf.get(bookId)!);
      const comic = random.next() < 0.8;
      await progress.add({
        reader_key: readerKey,
        book_id: bookId,
        chapter_id: chapterId,
        page_index: comic ? random.int(0, 20) : null,
        page_offset: comic ? random.next() : null,
        text_fraction: comic ? null : random.next(),
        updated_at: newest - random.int(0, 170) * DAY_MS - random.int(0, DAY_MS),
      });
    }
    for (const index of random.distinct(readRows, chapters.length)) {
      const chapter = chapters[index]!;
      const readAt = newest - random.int(0, 170) * DAY_MS - random.int(0, DAY_MS);
      await reads.add({
        reader_key: readerKey,
        chapter_id: chapter.id,
        book_id: chapter.book_id,
        read_at: readAt,
        finished_at: random.next() < 0.6 ? readAt + random.int(60_000, 3_600_000) : null,
      });
    }
  };

  const addEvent = async (userId: number | null, visitorId: string | null) => {
    const bookId = random.pick(bookIds);
    const type = random.pick(EVENT_TYPES);
    const chapterId = type === 'open_book' ? null : random.pick(chaptersOf.get(bookId)!);
    const occurredAt = now - random.int(0, 90 * DAY_MS);
    await events.add({
      event_type: type,
      book_id: bookId,
      chapter_id: chapterId,
      user_id: userId,
      visitor_id: visitorId,
      occurred_at: occurredAt,
      received_at: occurredAt + random.int(0, 5_000),
    });
    // The day keys the app keeps (today and yesterday) for the events of those days.
    const day = Math.floor(occurredAt / DAY_MS);
    if (day < today - 1) return;
    const readerKey =
      userId === null
        ? `ip:${createHash('sha256')
            .update(visitorId ?? '')
            .digest('hex')}`
        : `user:${userId}`;
    const target = chapterId ?? bookId;
    const key = `${readerKey}|${type}|${target}|${day}`;
    if (eventDayKeys.has(key)) return;
    eventDayKeys.add(key);
    await eventDays.add({ reader_key: readerKey, event_type: type, target_id: target, day });
  };

  for (let offset = 0; offset < options.accounts; offset++) {
    const id = firstId + offset;
    const username = `${NAME_STEMS[offset % NAME_STEMS.length]}${id}`;
    const skeleton = usernameSkeleton(username);
    if (takenSkeletons.has(skeleton)) throw new Error(`generated user name ${username} looks like a taken one`);
    takenSkeletons.add(skeleton);
    if (offset === 0) firstUsername = username;
    // Accounts joined over the last two years, most of them recently (a growing site).
    const createdAt = now - Math.floor(730 * DAY_MS * random.next() ** 2) - random.int(DAY_MS, 2 * DAY_MS);
    await users.add({
      id,
      uuid: uuidFrom(seed, 'user', id),
      username,
      username_key: usernameKey(username),
      username_skeleton: skeleton,
      password_hash: passwordHash,
      role: 'user',
      invite_code: `G${id.toString(36).toUpperCase()}`,
      invited_by: null,
      user_type: 'inkstream',
      created_at: createdAt,
      disabled_at: random.next() < 0.005 ? createdAt + DAY_MS : null,
    });

    // Half the accounts bought once; a paid order's grant is the first of the account's grants.
    let paidOrder: { orderId: string; paidAt: number; refundedAt: number | null; provider: 'wechat' | 'stripe' } | null = null;
    if (random.next() < 0.5) {
      const roll = random.next();
      let cumulative = 0;
      const status = ORDER_STATUSES.find(([, share]) => (cumulative += share) > roll)?.[0] ?? 'paid';
      const provider = random.next() < 0.7 ? 'wechat' : 'stripe';
      const season = random.next() < 0.3;
      const orderCreated = createdAt + random.int(0, Math.max(0, now - createdAt - DAY_MS));
      const orderId = `G${seed}${id.toString(36).toUpperCase()}`;
      const paidAt = status === 'paid' || status === 'refunded' ? orderCreated + random.int(10_000, 600_000) : null;
      const refundedAt = status === 'refunded' && paidAt !== null ? paidAt + random.int(DAY_MS, 10 * DAY_MS) : null;
      await orders.add({
        order_id: orderId,
        user_id: id,
        provider,
        plan: season ? 'season' : 'month',
        months: season ? 3 : 1,
        amount_fen: season ? 5_400 : 2_000,
        currency: 'CNY',
        status,
        provider_txn_id: paidAt === null ? null : `txn-${orderId}`,
        provider_payment_id: provider === 'stripe' && paidAt !== null ? `pi-${orderId}` : null,
        created_at: orderCreated,
        paid_at: paidAt,
        expires_at: orderCreated + 2 * 3_600_000,
        settled_at: paidAt ?? (status === 'pending' ? null : orderCreated + 2 * 3_600_000),
        refunded_at: refundedAt,
      });
      if (paidAt !== null) {
        paidOrder = { orderId, paidAt, refundedAt, provider };
        await paymentEvents.add({
          provider,
          event_id: `evt-${orderId}`,
          received_at: paidAt,
          order_id: orderId,
          event_type: provider === 'wechat' ? 'TRANSACTION.SUCCESS' : 'checkout.session.completed',
          summary: 'generated',
        });
      }
    }

    // 0 to 3 grants (1.5 on average), end to end: expired ones, running ones, a few revoked.
    const grantCount = random.int(0, 3);
    let cursor = paidOrder?.paidAt ?? createdAt + random.int(0, Math.max(0, now - createdAt - DAY_MS));
    let redeemed = false;
    for (let n = 0; n < grantCount; n++) {
      const fromOrder = n === 0 && paidOrder !== null;
      const source = fromOrder ? paidOrder!.provider : random.pick(['admin', 'coupon', 'invite']);
      const days = random.pick([7, 30, 30, 90]);
      const startsAt = cursor;
      const endsAt = startsAt + days * DAY_MS;
      const revokedAt = fromOrder ? paidOrder!.refundedAt : random.next() < 0.03 ? startsAt + DAY_MS : null;
      await grants.add({
        user_id: id,
        source,
        source_ref: fromOrder ? paidOrder!.orderId : `gen-${seed}-${id}-${n}`,
        starts_at: startsAt,
        ends_at: endsAt,
        revoked_at: revokedAt,
        note: null,
        created_at: startsAt,
        grant_months: null,
        grant_days: days,
      });
      if (source === 'coupon' && !redeemed) {
        redeemed = true;
        await redemptions.add({ coupon_id: couponId, user_id: id, created_at: startsAt });
      }
      // An administrator's grant is in the audit log, as the console writes it.
      if (source === 'admin') {
        await audit.add({
          actor_user_id: null,
          actor_name: 'cli',
          action: 'membership.grant',
          target_type: 'user',
          target_id: uuidFrom(seed, 'user', id),
          before_json: null,
          after_json: JSON.stringify({ days }),
          created_at: startsAt,
        });
      }
      // A revoked grant's time is given back: the next one starts where it was revoked.
      cursor = revokedAt ?? endsAt;
      // Sometimes a gap: the reader came back later.
      if (random.next() < 0.3) cursor += random.int(1, 200) * DAY_MS;
    }

    const readerKey = `u:${id}`;
    await addReaderState(readerKey, random.int(0, 4), random.int(0, 8) + (random.next() < 0.65 ? 1 : 0), now);
    // Half of all progress and history of visitors: the same amounts, under one visitor key per two accounts.
    if (offset % 2 === 0) await addReaderState(visitorKey(seed, id), random.int(0, 2), random.int(0, 1), now);
    for (const index of random.distinct(random.int(0, 10), chapters.length)) {
      const chapter = chapters[index]!;
      likesPerChapter.set(chapter.id, (likesPerChapter.get(chapter.id) ?? 0) + 1);
      await likes.add({ user_id: id, chapter_id: chapter.id, created_at: createdAt + random.int(0, Math.max(0, now - createdAt)) });
    }
    for (const index of random.distinct(random.int(0, 2), bookIds.length)) {
      await follows.add({ user_id: id, book_id: bookIds[index]!, created_at: createdAt + random.int(0, Math.max(0, now - createdAt)) });
    }
    // Ten events per account: six of them by the account, four by anonymous visitors.
    for (let n = 0; n < 6; n++) await addEvent(id, null);
    for (let n = 0; n < 4; n++) await addEvent(null, (id * 4 + n).toString(16).padStart(8, '0').slice(-8));
  }
  for (const inserter of [users, grants, orders, paymentEvents, events, eventDays, progress, reads, likes, follows, redemptions, audit])
    await inserter.flush();

  await repo.addCouponRedemptions(db, couponId, redemptions.count());
  // Counters the services keep in step with the likes.
  for (const [chapterId, added] of likesPerChapter) await repo.addChapterLikes(db, chapterId, added);
  const likesPerBook = new Map<number, number>();
  for (const chapter of chapters)
    likesPerBook.set(chapter.book_id, (likesPerBook.get(chapter.book_id) ?? 0) + (likesPerChapter.get(chapter.id) ?? 0));
  for (const [bookId, added] of likesPerBook) {
    if (added === 0) continue;
    await repo.addBookLikes(db, bookId, added);
  }
  // The triggers logged every generated grant and like as a reader change; nobody is waiting for those.
  await deleteChangesAfter(db, maxChange);
  // Ids were given explicitly; the next account the app creates must not collide with them.
  if (isPostgres) await repo.resetUserIdSequence(db);
  // The rows above were written around the app's writers: bring what those writers maintain up to
  // date as a running site would have it (membership state on users and member_days; revenue_days; the reading
  // roll-up the dashboard reads, which housekeeping would otherwise catch up with over minutes).
  await rebuildMemberState(db);
  await rebuildRevenueDays(db);
  // No settling time: nothing else writes events while the population is made, and its events'
  // ids do not follow their times (a live site's do, so its roll-up waits for late commits).
  await createReadingRollup({ db, batchSize: 5000, settleMs: 0 }).run();
  await repo.analyze(db);

  return {
    accounts: users.count(),
    grants: grants.count(),
    orders: orders.count(),
    paymentEvents: paymentEvents.count(),
    events: events.count(),
    eventDays: eventDays.count(),
    progress: progress.count(),
    reads: reads.count(),
    likes: likes.count(),
    follows: follows.count(),
    couponRedemptions: redemptions.count(),
    auditEntries: audit.count(),
    firstUserId: firstId,
    firstUsername,
    ms: performance.now() - started,
  };
}

/** A deterministic uuid (v4 layout) from the seed and a name. */
function uuidFrom(seed: number, kind: string, id: number): string {
  const bytes = createHash('sha256').update(`${seed}/${kind}/${id}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
