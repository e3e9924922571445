import { sql } from 'kysely';
import type { DbExecutor } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { CHAPTER_TERMS, readerTermsSql } from '../access/chapter-access.sql.js';

/** A published chapter of a published book: what its shared part (reading/chapter-cache.ts) is built from. */
export const findReadableChapter = (db: DbExecutor, chapterUuid: string) =>
  db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select([
      'chapters.id as chapter_id',
      'chapters.uuid as chapter_uuid',
      'chapters.number',
      'books.id as book_id',
      'books.uuid as book_uuid',
      'books.book_type',
      'books.original_language',
      'books.coin_price',
      'books.reading_direction',
      'books.reading_mode',
      'books.content_rating',
    ])
    .where('chapters.uuid', '=', chapterUuid)
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1)
    .executeTakeFirst();

const visitorState = preparedQuery<{ chapterUuid: string }>()((db, param) =>
  db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select([...CHAPTER_TERMS, 'chapters.total_likes'])
    .where('chapters.uuid', '=', param('chapterUuid'))
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1),
);

const readerState = preparedQuery<{ chapterUuid: string; userId: number }>()((db, param) =>
  db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select([...CHAPTER_TERMS, 'chapters.total_likes'])
    .select((eb) => [
      ...readerTermsSql(db, eb, param('userId')),
      eb
        .exists(
          eb
            .selectFrom('chapter_likes')
            .select('chapter_likes.chapter_id')
            .where('chapter_likes.user_id', '=', param('userId'))
            .whereRef('chapter_likes.chapter_id', '=', 'chapters.id'),
        )
        .as('liked'),
    ])
    .where('chapters.uuid', '=', param('chapterUuid'))
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1),
);

/**
 * Everything about a chapter that differs per reader or moves without the catalogue version, in
 * one statement: whether it is readable now (no row: unpublished or unknown), what entitlement
 * needs, the current like count, and for a logged-in reader the end of their membership (latest
 * unrevoked grant) and whether they liked it. Scalar sub-selects keep it one round trip on both
 * SQLite and PostgreSQL.
 */
/**
 * A token holder's reader state and their account, in one statement (the auth hook's lookup is
 * skipped on this route: plugins/auth.ts, `authInHandler`). Driven by the account, so an unknown
 * user gives no row; the chapter columns are null when the chapter is not readable now.
 */
const accountReaderState = preparedQuery<{ chapterUuid: string; userUuid: string }>()((db, param) =>
  db
    .selectFrom('users')
    .leftJoin('chapters', (join) => join.on('chapters.uuid', '=', param('chapterUuid')).on('chapters.is_published', '=', 1))
    .leftJoin('books', (join) => join.onRef('books.id', '=', 'chapters.book_id').on('books.is_published', '=', 1))
    .select(['users.id', 'users.uuid', 'users.username', 'users.role', 'users.token_version', 'users.disabled_at'])
    .select(['chapters.id as chapter_id', ...CHAPTER_TERMS, 'chapters.total_likes'])
    .select((eb) => [
      ...readerTermsSql(db, eb, eb.ref('users.id')),
      eb
        .exists(
          eb
            .selectFrom('chapter_likes')
            .select('chapter_likes.chapter_id')
            .whereRef('chapter_likes.user_id', '=', 'users.id')
            .whereRef('chapter_likes.chapter_id', '=', 'chapters.id'),
        )
        .as('liked'),
    ])
    .where('users.uuid', '=', param('userUuid')),
);

/** The account behind a token and, when the chapter is readable now, the reader state (as findReaderState). */
export async function findAccountReaderState(db: DbExecutor, chapterUuid: string, userUuid: string) {
  const row = await accountReaderState.executeTakeFirst(db, { chapterUuid, userUuid });
  if (!row) return undefined;
  const {
    chapter_id,
    number,
    total_likes,
    public_free_chapters,
    early_access_until,
    early_access_members,
    membership_end,
    chapter_grant,
    chapter_grant_until,
    liked,
    ...account
  } = row;
  const state =
    chapter_id === null || number === null || total_likes === null || public_free_chapters === null || early_access_members === null
      ? undefined
      : {
          chapter_id,
          number,
          total_likes,
          public_free_chapters,
          early_access_until,
          early_access_members,
          membership_end,
          chapter_grant,
          chapter_grant_until,
          liked: Boolean(liked),
        };
  return { account, state };
}

const likedChapters = preparedQuery<{ userId: number }>()((db, param) =>
  db.selectFrom('chapter_likes').select('chapter_id').where('chapter_likes.user_id', '=', param('userId')),
);

/** Every chapter the user liked (for the reader's cached account: reader-state-cache.ts). */
export const findLikedChapterIds = async (db: DbExecutor, userId: number): Promise<number[]> =>
  (await likedChapters.execute(db, { userId })).map((row) => Number(row.chapter_id));

export function findReaderState(db: DbExecutor, chapterUuid: string, userId: number | null) {
  return userId === null
    ? visitorState
        .executeTakeFirst(db, { chapterUuid })
        .then(
          (row) => row && { ...row, membership_end: null, chapter_grant: null as string | null, chapter_grant_until: null, liked: false },
        )
    : readerState.executeTakeFirst(db, { chapterUuid, userId }).then((row) => row && { ...row, liked: Boolean(row.liked) });
}

export const findChapterTitles = (db: DbExecutor, chapterId: number) =>
  db.selectFrom('chapter_translations').select(['language', 'title']).where('chapter_id', '=', chapterId).execute();

export const findBookTitles = (db: DbExecutor, bookId: number) =>
  db.selectFrom('book_translations').select(['language', 'title']).where('book_id', '=', bookId).execute();

/** The chapter's pages in every language it has, each language in reading order (a chapter has tens of pages). */
export const findAllPages = (db: DbExecutor, chapterId: number) =>
  db
    .selectFrom('chapter_pages')
    .select(['language', 'media_key', 'avif_key', 'webp_key', 'lite_key', 'width', 'height'])
    .where('chapter_id', '=', chapterId)
    .orderBy('language')
    .orderBy('position')
    .execute();

/**
 * A novel chapter's text, the first of `order` it has (lib/language.ts `fallbackOrder`, the rule
 * titles follow), else any; chosen in the database so only one chapter's HTML is read.
 */
export const findChapterText = (db: DbExecutor, chapterId: number, order: readonly string[]) =>
  db
    .selectFrom('chapter_texts')
    .select(['language', 'html'])
    .where('chapter_id', '=', chapterId)
    .orderBy(
      sql`case ${sql.join(
        order.map((language, rank) => sql`when language = ${language} then ${sql.lit(rank)}`),
        sql` `,
      )} else ${sql.lit(order.length)} end`,
    )
    .orderBy('language')
    .limit(1)
    .executeTakeFirst();

/** The languages a novel chapter's text exists in (what the reader may switch to), without the texts. */
export const findChapterTextLanguages = async (db: DbExecutor, chapterId: number): Promise<string[]> =>
  (await db.selectFrom('chapter_texts').select('language').where('chapter_id', '=', chapterId).orderBy('language').execute()).map(
    (row) => row.language,
  );

/** The nearest published chapters before and after a number, in one statement. */
export const findNeighbourUuids = (db: DbExecutor, bookId: number, number: number) =>
  db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('chapters')
        .select('uuid')
        .where('book_id', '=', bookId)
        .where('is_published', '=', 1)
        .where('number', '<', number)
        .orderBy('number', 'desc')
        .limit(1)
        .as('prev'),
      eb
        .selectFrom('chapters')
        .select('uuid')
        .where('book_id', '=', bookId)
        .where('is_published', '=', 1)
        .where('number', '>', number)
        .orderBy('number', 'asc')
        .limit(1)
        .as('next'),
    ])
    .executeTakeFirstOrThrow();

export const findChapterOfBook = (db: DbExecutor, bookUuid: string, chapterUuid: string) =>
  db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select(['chapters.id as chapter_id', 'books.id as book_id'])
    .where('chapters.uuid', '=', chapterUuid)
    .where('books.uuid', '=', bookUuid)
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1)
    .executeTakeFirst();

/** Records a like once; returns whether it was new. */
export async function insertLikeOnce(db: DbExecutor, userId: number, chapterId: number, now: number): Promise<boolean> {
  const row = await db
    .insertInto('chapter_likes')
    .values({ user_id: userId, chapter_id: chapterId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'chapter_id']).doNothing())
    .returning('chapter_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function incrementLikeCounters(db: DbExecutor, bookId: number, chapterId: number): Promise<void> {
  await db
    .updateTable('chapters')
    .set({ total_likes: sql`total_likes + 1` })
    .where('id', '=', chapterId)
    .execute();
  await db
    .updateTable('books')
    .set({ total_likes: sql`total_likes + 1` })
    .where('id', '=', bookId)
    .execute();
}

/** Removes the reader's like; false when there was none (the counters then stay as they are). */
export async function deleteLike(db: DbExecutor, userId: number, chapterId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('chapter_likes')
    .where('user_id', '=', userId)
    .where('chapter_id', '=', chapterId)
    .returning('chapter_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function decrementLikeCounters(db: DbExecutor, bookId: number, chapterId: number): Promise<void> {
  // Never below zero, whatever an older import left in the counters.
  await db
    .updateTable('chapters')
    .set({ total_likes: sql`total_likes - 1` })
    .where('id', '=', chapterId)
    .where('total_likes', '>', 0)
    .execute();
  await db
    .updateTable('books')
    .set({ total_likes: sql`total_likes - 1` })
    .where('id', '=', bookId)
    .where('total_likes', '>', 0)
    .execute();
}

export const chapterLikes = async (db: DbExecutor, chapterId: number) =>
  (await db.selectFrom('chapters').select('total_likes').where('id', '=', chapterId).executeTakeFirstOrThrow()).total_likes;
