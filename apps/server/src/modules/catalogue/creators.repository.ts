import type { DbExecutor } from '../../db/database.js';
import { personSlug, splitCredit } from '../../lib/person-slug.js';

/**
 * book_creators (issue 46): who made a book, one row per person and role, kept in step with the
 * credit lines wherever they are written (catalogue-write.repository.ts insertBook and updateBook:
 * the console, the CLI, imports, the demo catalogue).
 */

export type CreatorRole = 'author' | 'artist';

/** Sets the people of one role to those of this credit line ("A & B"), in its order; null removes them. */
export async function replaceBookCreators(db: DbExecutor, bookId: number, role: CreatorRole, credit: string | null): Promise<void> {
  await db.deleteFrom('book_creators').where('book_id', '=', bookId).where('role', '=', role).execute();
  const names = splitCredit(credit);
  const rows = names
    .map((name, position) => ({ book_id: bookId, role, slug: personSlug(name), name: name.slice(0, 200), position }))
    // Two spellings with one slug ("Ada Morrow", "ADA MORROW") are one person: the first is kept.
    .filter((row, index, all) => all.findIndex((other) => other.slug === row.slug) === index);
  if (rows.length > 0) await db.insertInto('book_creators').values(rows).execute();
}

/** The credited people of these books: authors first, then artists, each in the credit's order. */
export async function findCreatorsOfBooks(db: DbExecutor, bookIds: readonly number[]) {
  if (bookIds.length === 0) return [];
  return db
    .selectFrom('book_creators')
    .select(['book_id', 'role', 'slug', 'name'])
    .where('book_id', 'in', bookIds)
    .orderBy('book_id')
    .orderBy('role', 'desc') // 'author' after 'artist' alphabetically: desc puts authors first
    .orderBy('position')
    .execute();
}

/**
 * The published books that credit a person, with the role and the name as each credits it (one
 * seek of book_creators_slug_idx, then the books by primary key).
 */
export const findPublishedCreditsOfSlug = (db: DbExecutor, slug: string) =>
  db
    .selectFrom('book_creators as c')
    .innerJoin('books as b', 'b.id', 'c.book_id')
    .select(['c.book_id', 'c.role', 'c.name', 'b.created_at'])
    .where('c.slug', '=', slug)
    .where('b.is_published', '=', 1)
    .orderBy('c.book_id')
    .execute();
