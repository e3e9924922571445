import type { Expression, ExpressionBuilder, QueryCreator } from 'kysely';
import type { Database } from '../../db/schema.js';
import { membershipEndOf, numberOrNull } from '../membership/membership-end.js';
import type { ChapterTerms, ReaderTerms } from './chapter-access.js';

/**
 * The access rule's terms as SQL, for the queries that read them beside other columns in one
 * statement (the reader's hot read) or must filter in the database (`/media`). chapter-access.ts
 * decides from what these select; nothing else compares a chapter with its book's free count.
 */

/** The chapter's terms, selected from `chapters` joined with `books`. */
export const CHAPTER_TERMS = [
  'chapters.number',
  'books.public_free_chapters',
  'chapters.early_access_until',
  'books.early_access_members',
] as const;

/** `.where(isOpenToEveryoneSql)`: the chapter is free to everyone (chapter-access.ts isOpenToEveryone). */
export const isOpenToEveryoneSql = (eb: ExpressionBuilder<Database, 'chapters' | 'books'>) =>
  eb('chapters.number', '<=', eb.ref('books.public_free_chapters'));

/**
 * `.where(isInEarlyAccessSql(at))`: the chapter in scope (`chapters`) is in early access at `at`
 * (chapter-access.ts isInEarlyAccess, the same predicate; a null end is none, as SQL's comparison says).
 */
export const isInEarlyAccessSql = (at: number) => (eb: ExpressionBuilder<Database, 'chapters'>) =>
  eb('chapters.early_access_until', '>', at);

/**
 * A reader's terms for the chapter in scope (`chapters`), selected beside it: the membership end
 * and the kind of a standing grant of this chapter. `user` is a value, a prepared-query parameter or
 * a reference such as eb.ref('users.id').
 */
export const readerTermsSql = (
  db: QueryCreator<Database>,
  eb: ExpressionBuilder<Database, 'chapters'>,
  user: number | Expression<number>,
) => [
  membershipEndOf(db, user).as('membership_end'),
  bestGrantSql(eb, user).select('chapter_grants.kind').as('chapter_grant'),
  bestGrantSql(eb, user).select('chapter_grants.expires_at').as('chapter_grant_until'),
];

/**
 * The reader's best unrevoked grant of the chapter in scope: one for good first, else the rental
 * that ends last. Its kind and end are selected beside each other (`chapter_grant`,
 * `chapter_grant_until`); the rule (chapter-access.ts grantStands) treats one past its end as absent.
 */
export const bestGrantSql = (eb: ExpressionBuilder<Database, 'chapters'>, user: number | Expression<number>) =>
  eb
    .selectFrom('chapter_grants')
    .where('chapter_grants.user_id', '=', user)
    .whereRef('chapter_grants.chapter_id', '=', 'chapters.id')
    .where('chapter_grants.revoked_at', 'is', null)
    .orderBy((o) => o.case().when('chapter_grants.expires_at', 'is', null).then(0).else(1).end())
    .orderBy('chapter_grants.expires_at', 'desc')
    .limit(1);

/** The rows those selections give, as the rule's terms. */
export const chapterTermsOf = (row: {
  number: number;
  public_free_chapters: number;
  early_access_until: number | string | null;
  early_access_members: number;
}): ChapterTerms => ({
  number: row.number,
  publicFreeChapters: row.public_free_chapters,
  earlyAccessUntil: numberOrNull(row.early_access_until),
  earlyAccessMembers: row.early_access_members === 1,
});

export const readerTermsOf = (
  role: string,
  row: {
    membership_end: number | string | null | undefined;
    chapter_grant?: string | null | undefined;
    chapter_grant_until?: number | string | null | undefined;
  },
): ReaderTerms => ({
  role,
  membershipEnd: numberOrNull(row.membership_end),
  chapterGrant: row.chapter_grant ?? null,
  chapterGrantUntil: numberOrNull(row.chapter_grant_until),
});
