import { AUTHOR_BOOKS_MAX, ErrorCode, type AuthorPage, type BookSummary, type CreatorRole } from '@inkstream/contracts';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { resolveLanguage } from '../../lib/language.js';
import type { Audience } from '../access/content-rating.js';
import { personSlug } from '../../lib/person-slug.js';
import type { CatalogueVersion } from '../catalogue/catalogue-version.js';
import type { RankingSnapshot } from '../catalogue/ranking-snapshot.js';
import { createVersionedMemo } from '../catalogue/versioned-memo.js';
import { findPublishedCreditsOfSlug } from '../catalogue/creators.repository.js';

/** What one person's page is made of, kept per catalogue version. */
interface Credits {
  /** The books that credit the person (the same array while kept: the snapshot narrows it once). */
  bookIds: number[];
  roles: Map<number, CreatorRole[]>;
  /** The name as each book credits it, and the book's creation time (the newest names the page). */
  names: Map<number, { name: string; createdAt: number }>;
}

const ROLE_ORDER: CreatorRole[] = ['author', 'artist'];

export interface AuthorsServiceDeps {
  db: Db;
  versions: Pick<CatalogueVersion, 'get' | 'peek' | 'subscribe'>;
  ranking: Pick<RankingSnapshot, 'page'>;
  summariesById(ranked: { ids: number[]; tags: string[][] }, language: string, audience: Audience): Promise<Map<number, BookSummary>>;
}

/**
 * Author and artist pages (GET /comics/author/{slug}, docs/DISCOVERY.md "Author pages"): the
 * person's credits, slug → books, kept in memory per catalogue version (one indexed read of
 * book_creators when a page is first asked after a change, then none), ordered by the ranking
 * snapshot's popularity: never a scan of the catalogue per request.
 */
export function createAuthorsService(deps: AuthorsServiceDeps) {
  const credits = createVersionedMemo<Credits>({
    versions: deps.versions,
    // Credits change only with the catalogue version (every credit line is written with a `book-changed`, which moves it).
    ttlMs: 10 * 60_000,
    sizeOf: (value) => 200 + value.bookIds.length * 120,
    maxEntries: 20_000,
  });

  async function load(slug: string): Promise<Credits> {
    const rows = await findPublishedCreditsOfSlug(deps.db, slug);
    const roles = new Map<number, CreatorRole[]>();
    const names = new Map<number, { name: string; createdAt: number }>();
    for (const row of rows) {
      roles.set(row.book_id, [...(roles.get(row.book_id) ?? []), row.role]);
      if (!names.has(row.book_id) || row.role === 'author') names.set(row.book_id, { name: row.name, createdAt: Number(row.created_at) });
    }
    return { bookIds: [...roles.keys()], roles, names };
  }

  async function page(rawSlug: string, rawLanguage: string | undefined, audience: Audience): Promise<AuthorPage> {
    const language = resolveLanguage(rawLanguage);
    // A name typed in the address ("Ada Morrow", "ADA-MORROW") finds the same page as its slug.
    const slug = personSlug(rawSlug);
    const found = slug === '' ? null : await credits.get(slug, () => load(slug));
    if (!found || found.bookIds.length === 0) throw notFound(ErrorCode.AUTHOR_NOT_FOUND, 'No published book credits this person');
    const ranked = await deps.ranking.page({ audience, order: 'popularity', matches: found.bookIds, page: 0, pageSize: AUTHOR_BOOKS_MAX });
    if (ranked.ids.length === 0) throw notFound(ErrorCode.AUTHOR_NOT_FOUND, 'No published book credits this person');
    const cards = await deps.summariesById(ranked, language, audience);
    const books = ranked.ids.flatMap((id) => {
      const card = cards.get(id);
      const roles = ROLE_ORDER.filter((role) => found.roles.get(id)?.includes(role));
      return card ? [{ ...card, roles }] : [];
    });
    const newest = ranked.ids.reduce(
      (best, id) => (found.names.get(id)!.createdAt > found.names.get(best)!.createdAt ? id : best),
      ranked.ids[0]!,
    );
    return {
      slug,
      name: found.names.get(newest)!.name,
      roles: ROLE_ORDER.filter((role) => books.some((book) => book.roles.includes(role))),
      books,
    };
  }

  return { page, stop: credits.stop };
}

export type AuthorsService = ReturnType<typeof createAuthorsService>;
