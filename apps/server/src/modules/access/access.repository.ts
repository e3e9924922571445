import type { DbExecutor } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { membershipEndOf } from '../membership/membership-end.js';
import { bestGrantSql, CHAPTER_TERMS, isOpenToEveryoneSql, readerTermsSql } from './chapter-access.sql.js';

/** A published chapter of a published book, by its id, with the rule's terms (no row: not readable now). */
const visitorTerms = preparedQuery<{ chapterUuid: string }>()((db, param) =>
  db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select([...CHAPTER_TERMS, 'books.content_rating'])
    .where('chapters.uuid', '=', param('chapterUuid'))
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1),
);

const readerTerms = preparedQuery<{ chapterUuid: string; userId: number }>()((db, param) =>
  db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select([...CHAPTER_TERMS, 'books.content_rating'])
    .select((eb) => readerTermsSql(db, eb, param('userId')))
    .where('chapters.uuid', '=', param('chapterUuid'))
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1),
);

/** The chapter's terms and, for a signed-in reader, theirs, in one statement; undefined when not readable now. */
export function findChapterTerms(db: DbExecutor, chapterUuid: string, userId: number | null) {
  return userId === null
    ? visitorTerms
        .executeTakeFirst(db, { chapterUuid })
        .then((row) => row && { ...row, membership_end: null, chapter_grant: null, chapter_grant_until: null })
    : readerTerms.executeTakeFirst(db, { chapterUuid, userId });
}

/**
 * Those of `chapterUuids` that are published chapters of published books (an unknown or unpublished
 * one has no row, as for the chapter answer), with the rule's terms and, for a signed-in reader,
 * theirs, in one statement. The membership end is an uncorrelated sub-select, computed once for
 * the statement on both databases; the grant is looked up per chapter through its index.
 */
export async function findTermsOfChapters(db: DbExecutor, chapterUuids: readonly string[], userId: number | null) {
  if (chapterUuids.length === 0) return [];
  const published = db
    .selectFrom('chapters')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select(['chapters.uuid', ...CHAPTER_TERMS, 'books.content_rating'])
    .where('chapters.uuid', 'in', chapterUuids)
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1);
  if (userId === null) {
    const rows = await published.execute();
    return rows.map((row) => ({ ...row, membership_end: null, chapter_grant: null, chapter_grant_until: null }));
  }
  return published.select((eb) => readerTermsSql(db, eb, userId)).execute();
}

/**
 * Is this media key a page of some chapter that is free to everyone now? A page is stored as a
 * fallback (`media_key`), optional AVIF/WebP variants and the data saver's lighter WebP; each key
 * is indexed. Any other page is served only with a signature (given to readers the rule admits).
 */
export async function isPublicPage(db: DbExecutor, mediaKey: string, ratings: readonly string[]): Promise<boolean> {
  const row = await db
    .selectFrom('chapter_pages')
    .innerJoin('chapters', 'chapters.id', 'chapter_pages.chapter_id')
    .innerJoin('books', 'books.id', 'chapters.book_id')
    .select('chapter_pages.id')
    .where((eb) =>
      eb.or([
        eb('chapter_pages.media_key', '=', mediaKey),
        eb('chapter_pages.avif_key', '=', mediaKey),
        eb('chapter_pages.webp_key', '=', mediaKey),
        eb('chapter_pages.lite_key', '=', mediaKey),
      ]),
    )
    .where('chapters.is_published', '=', 1)
    .where('books.is_published', '=', 1)
    .where(isOpenToEveryoneSql)
    // Issue 61: a free page of a book a visitor may not open is served only signed.
    .where('books.content_rating', 'in', ratings)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Every published chapter of a published book, in reading order, with the rule's terms for
 * `userId`: the membership end once, and the chapters they hold a standing grant of. Read inside
 * the caller's transaction (coins: after the reader's lock, so what is locked cannot change under it).
 */
export async function findBookChapterTerms(db: DbExecutor, bookId: number, userId: number) {
  const [membership, chapters] = await Promise.all([
    db.selectNoFrom(membershipEndOf(db, userId).as('membership_end')).executeTakeFirstOrThrow(),
    db
      .selectFrom('chapters')
      .innerJoin('books', 'books.id', 'chapters.book_id')
      .select(['chapters.id', 'chapters.uuid', ...CHAPTER_TERMS, 'books.content_rating'])
      .select((eb) => [
        bestGrantSql(eb, userId).select('chapter_grants.kind').as('chapter_grant'),
        bestGrantSql(eb, userId).select('chapter_grants.expires_at').as('chapter_grant_until'),
      ])
      .where('chapters.book_id', '=', bookId)
      .where('chapters.is_published', '=', 1)
      .where('books.is_published', '=', 1)
      .orderBy('chapters.number')
      .execute(),
  ]);
  return { membership_end: membership.membership_end, chapters };
}

/** Issue 61: when the reader confirmed they are of age (null: never, or withdrawn). */
export async function findAgeConfirmedAt(db: DbExecutor, userId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('age_confirmed_at').where('id', '=', userId).executeTakeFirst();
  return row?.age_confirmed_at == null ? null : Number(row.age_confirmed_at);
}
